// The account service: profiles, per-user privacy and notification settings, account stats.
import { fileURLToPath } from 'node:url';
import { defineService, requestUserOf } from '@civic/service-kit';
import { EXPORT_REQUESTS } from '@civic/contracts';
import type { AccountContext } from './context.ts';
import { exportAccountSection } from './data-rights/export-account-section.ts';
import { createAccountDb } from './db.ts';
import { ACCOUNT_SCHEMA, subscribeAccountConsumers } from './events.ts';
import { accountRoutes } from './routes/account-routes.ts';
import { profileRoutes } from './routes/profile-routes.ts';
import { settingsRoutes } from './routes/settings-routes.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

export const accountService = defineService({
  name: ACCOUNT_SCHEMA,
  async plugin(app, { platform }) {
    const database = await platform.databases.open(ACCOUNT_SCHEMA, MIGRATIONS_DIR);
    const db = createAccountDb(database);
    const ctx: AccountContext = { db, platform };
    const relay = await platform.events.startRelay({ db, sql: database.driver, schema: ACCOUNT_SCHEMA, service: ACCOUNT_SCHEMA });
    // The bus stops its subscriptions when the platform closes; the durable position is kept.
    await subscribeAccountConsumers(ctx);
    await platform.requests.respond(EXPORT_REQUESTS.account, (_payload, identity) => exportAccountSection(ctx, requestUserOf(identity)));
    app.addHook('onClose', async () => {
      await relay.stop();
      await db.$disconnect();
    });
    await app.register(profileRoutes, { ctx });
    await app.register(settingsRoutes, { ctx });
    await app.register(accountRoutes, { ctx });
  },
});
