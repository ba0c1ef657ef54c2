// Process entry of the briefing service (distributed profile).
import { runServiceMain } from '@civic/service-kit/main';

await runServiceMain('briefing', async () => (await import('./app.ts')).briefingService);
