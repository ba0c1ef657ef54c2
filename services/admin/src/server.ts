// Process entry of the admin service (distributed profile).
import { runServiceMain } from '@civic/service-kit/main';

await runServiceMain('admin', async () => (await import('./app.ts')).adminService);
