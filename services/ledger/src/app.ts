// The ledger service: political capital accounts and their append-only entries (docs/ledger.md).
// Credits come from other services' events and from the daily login; debits and refunds are
// requests from the services that sell something for PC; every balance change is an event.
import { fileURLToPath } from 'node:url';
import { defineService } from '@civic/service-kit';
import type { LedgerContext } from './context.ts';
import { eraseUser } from './data-rights/erase-user.ts';
import { exportLedgerSection } from './data-rights/export-ledger-section.ts';
import { LEDGER_SCHEMA, publishingDb } from './events.ts';
import { ledgerHandlers } from './handlers.ts';
import { ledgerRoutes } from './routes/ledger-routes.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

/**
 * How often the relay looks for balance changes that no commit kicked out (a crash between a commit
 * and its kick): a short wait keeps the balance in GET /api/auth/user close behind the entry even then.
 */
const RELAY_POLL_MS = 100;

export const ledgerService = defineService({
  name: LEDGER_SCHEMA,
  migrations: MIGRATIONS_DIR,
  // Entries are append-only by privilege too: the service's runtime role may only read and add them.
  database: { appendOnlyTables: ['entries'] },
  publishingDb,
  relay: { pollIntervalMs: RELAY_POLL_MS },
  context: ({ db, platform }): LedgerContext => ({ db, platform }),
  handlers: ledgerHandlers,
  dataRights: (ctx) => ({
    exportSection: (userId) => exportLedgerSection(ctx, userId),
    // The account and its entries go, the id stays as a tombstone (data-rights/erase-user.ts).
    erase: (p, { tx }) => eraseUser(tx, p.userId, p.deletedAt),
  }),
  routes: [ledgerRoutes],
});
