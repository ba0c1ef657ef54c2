// The ledger service: political capital accounts and their append-only entries (docs/ledger.md).
// Credits come from other services' events and from the daily login; debits and refunds are
// requests from the services that sell something for PC; every balance change is an event.
import { fileURLToPath } from 'node:url';
import { EXPORT_REQUESTS, LEDGER_REQUESTS } from '@civic/contracts';
import { defineService, requestUserOf } from '@civic/service-kit';
import type { LedgerContext } from './context.ts';
import { exportLedgerSection } from './data-rights/export-ledger-section.ts';
import { createLedgerDb } from './db.ts';
import { debit } from './debits/debit.ts';
import { refund } from './debits/refund.ts';
import { checkRequestingUser } from './debits/requesting-user.ts';
import { LEDGER_SCHEMA, subscribeLedgerConsumers } from './events.ts';
import { ledgerRoutes } from './routes/ledger-routes.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

/**
 * How often the relay looks for balance changes that no request kicked out (credits written by event
 * consumers commit after their handler returns, so only the poll publishes them): a short wait keeps
 * the balance in GET /api/auth/user close behind the entry.
 */
const RELAY_POLL_MS = 100;

export const ledgerService = defineService({
  name: LEDGER_SCHEMA,
  async plugin(app, { platform }) {
    // Entries are append-only by privilege too: the service's runtime role may only read and add them.
    const database = await platform.databases.open(LEDGER_SCHEMA, MIGRATIONS_DIR, { appendOnlyTables: ['entries'] });
    const db = createLedgerDb(database);
    const ctx: LedgerContext = { db, sql: database.driver, platform };
    const relay = await platform.events.startRelay({ db, sql: database.driver, schema: LEDGER_SCHEMA, service: LEDGER_SCHEMA, pollIntervalMs: RELAY_POLL_MS });
    // The bus stops its subscriptions when the platform closes; the durable position is kept.
    await subscribeLedgerConsumers(ctx);
    await platform.requests.respond(LEDGER_REQUESTS.debit, async (payload, identity) => {
      checkRequestingUser(identity, payload.userId);
      return debit(ctx, { ...payload, userId: payload.userId.toLowerCase() });
    });
    await platform.requests.respond(LEDGER_REQUESTS.refund, async (payload, identity) => {
      checkRequestingUser(identity, payload.userId);
      return refund(ctx, { ...payload, userId: payload.userId.toLowerCase() });
    });
    await platform.requests.respond(EXPORT_REQUESTS.ledger, (_payload, identity) => exportLedgerSection(ctx, requestUserOf(identity)));
    app.addHook('onClose', async () => {
      await relay.stop();
      await db.$disconnect();
    });
    await app.register(ledgerRoutes, { ctx });
  },
});
