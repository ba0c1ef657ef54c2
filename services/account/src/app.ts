// The account service: profiles, per-user privacy and notification settings, account stats, and
// Discover's search by name.
import { fileURLToPath } from 'node:url';
import { registerServiceHandlers } from '@civic/service-kit/events';
import { defineService } from '@civic/service-kit';
import type { AccountContext } from './context.ts';
import { ACCOUNT_SCHEMA, publishingDb } from './events.ts';
import { accountHandlers } from './handlers.ts';
import { accountRoutes } from './routes/account-routes.ts';
import { discoverRoutes } from './routes/discover-routes.ts';
import { profileRoutes } from './routes/profile-routes.ts';
import { settingsRoutes } from './routes/settings-routes.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

export const accountService = defineService({
  name: ACCOUNT_SCHEMA,
  async plugin(app, { platform }) {
    const database = await platform.databases.open(ACCOUNT_SCHEMA, MIGRATIONS_DIR);
    // Publishes the outbox events of each transaction once it commits (events.ts).
    const db = publishingDb(database.driver, platform);
    const ctx: AccountContext = { db, platform };
    const relay = await platform.events.startRelay({ db, schema: ACCOUNT_SCHEMA, service: ACCOUNT_SCHEMA });
    // The bus stops its subscriptions and responders when the platform closes; the durable position is kept.
    await registerServiceHandlers(platform, { schema: ACCOUNT_SCHEMA, db }, accountHandlers(ctx));
    app.addHook('onClose', async () => {
      await relay.stop();
    });
    await app.register(profileRoutes, { ctx });
    await app.register(settingsRoutes, { ctx });
    await app.register(accountRoutes, { ctx });
    await app.register(discoverRoutes, { ctx });
  },
});
