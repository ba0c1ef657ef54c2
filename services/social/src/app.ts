// The social service: each user's activity, recorded from other services' events, shown as their own
// feed, on profiles and in the network feed; the citizen network (follows, blocks, their counts).
import { fileURLToPath } from 'node:url';
import { registerServiceHandlers } from '@civic/service-kit/events';
import { defineService } from '@civic/service-kit';
import type { SocialContext } from './context.ts';
import { publishingDb, SOCIAL_SCHEMA } from './events.ts';
import { socialHandlers } from './handlers.ts';
import { activityRoutes } from './routes/activity-routes.ts';
import { networkRoutes } from './routes/network-routes.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

export const socialService = defineService({
  name: SOCIAL_SCHEMA,
  async plugin(app, { platform }) {
    const database = await platform.databases.open(SOCIAL_SCHEMA, MIGRATIONS_DIR);
    // Both handles publish the outbox events of what they commit (events.ts).
    const db = publishingDb(database.driver, platform);
    const ctx: SocialContext = { db, platform };
    const relay = await platform.events.startRelay({ db, schema: SOCIAL_SCHEMA, service: SOCIAL_SCHEMA });
    // The bus stops its subscriptions and responders when the platform closes; durable positions are kept.
    await registerServiceHandlers(platform, { schema: SOCIAL_SCHEMA, db }, socialHandlers(ctx));
    app.addHook('onClose', async () => {
      await relay.stop();
    });
    await app.register(activityRoutes, { ctx });
    await app.register(networkRoutes, { ctx });
  },
});
