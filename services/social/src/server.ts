// Process entry of the social service (distributed profile).
import { runServiceMain } from '@civic/service-kit/main';

await runServiceMain('social', async () => (await import('./app.ts')).socialService);
