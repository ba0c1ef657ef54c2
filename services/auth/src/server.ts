// Process entry of the auth service (distributed profile).
import { runServiceMain } from '@civic/service-kit/main';

await runServiceMain('auth', async () => (await import('./app.ts')).authService);
