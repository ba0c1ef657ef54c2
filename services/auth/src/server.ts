// Process entry of the auth service (distributed profile).
import { runServiceMain } from '@civic/service-kit/service-main';

await runServiceMain('auth', async () => (await import('./app.ts')).authService);
