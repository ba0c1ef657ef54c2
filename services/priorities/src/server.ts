// Process entry of the priorities service (distributed profile).
import { runServiceMain } from '@civic/service-kit/main';

await runServiceMain('priorities', async () => (await import('./app.ts')).prioritiesService);
