// The ledger service: political capital accounts and their append-only entries (docs/ledger.md).
// Credits come from other services' events and from the daily login; debits and refunds are
// requests from the services that sell something for PC; every balance change is an event.
import { fileURLToPath } from 'node:url';
import { registerServiceHandlers } from '@civic/service-kit/events';
import { defineService } from '@civic/service-kit';
import type { LedgerContext } from './context.ts';
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
  async plugin(app, { platform }) {
    // Entries are append-only by privilege too: the service's runtime role may only read and add them.
    const database = await platform.databases.open(LEDGER_SCHEMA, MIGRATIONS_DIR, { appendOnlyTables: ['entries'] });
    // Both handles publish the balance changes of what they commit (events.ts).
    const db = publishingDb(database.driver, platform);
    const ctx: LedgerContext = { db, platform };
    const relay = await platform.events.startRelay({ db, schema: LEDGER_SCHEMA, service: LEDGER_SCHEMA, pollIntervalMs: RELAY_POLL_MS });
    // The bus stops its subscriptions and responders when the platform closes; the durable position is kept.
    await registerServiceHandlers(platform, { schema: LEDGER_SCHEMA, db }, ledgerHandlers(ctx));
    app.addHook('onClose', async () => {
      await relay.stop();
    });
    await app.register(ledgerRoutes, { ctx });
  },
});
