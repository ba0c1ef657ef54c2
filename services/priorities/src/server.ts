// Process entry of the priorities service (distributed profile).
import { runServiceMain } from '@civic/service-kit/service-main';

await runServiceMain('priorities', async () => (await import('./app.ts')).prioritiesService);
