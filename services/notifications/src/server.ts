// Process entry of the notifications service (distributed profile).
import { runServiceMain } from '@civic/service-kit/main';

await runServiceMain('notifications', async () => (await import('./app.ts')).notificationsService);
