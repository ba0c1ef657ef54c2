// Process entry of the account service (distributed profile).
import { runServiceMain } from '@civic/service-kit/main';

await runServiceMain('account', async () => (await import('./app.ts')).accountService);
