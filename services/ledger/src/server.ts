// Process entry of the ledger service (distributed profile).
import { runServiceMain } from '@civic/service-kit/main';

await runServiceMain('ledger', async () => (await import('./app.ts')).ledgerService);
