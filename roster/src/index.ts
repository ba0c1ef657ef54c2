export { FRONTEND_AREAS, FRONTEND_SHELL, type FrontendArea } from './areas.ts';
export { SERVICE_NAMES, SERVICE_ROSTER, SERVICES_BY_PORT, type ServiceEntry, type ServiceName, serviceDir, serviceEntryFile } from './services.ts';
