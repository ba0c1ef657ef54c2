export { FRONTEND_AREAS, FRONTEND_SHELL, type FrontendArea } from './areas.ts';
export { SERVICE_NAMES, SERVICE_ROSTER, type ServiceEntry, type ServiceName, serviceDir, serviceEntryFile } from './services.ts';
