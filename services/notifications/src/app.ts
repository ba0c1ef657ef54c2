// The notifications service: mails citizens what happened to their priorities and in their
// network, as their three switches allow, gathered into at most one mail an hour; the author's notice
// when moderation removed a priority; and the mails' one-click unsubscribe link, its only public path.
import { fileURLToPath } from 'node:url';
import { defineService, loadConfig, loadNamedSecret, parseKeyRing } from '@civic/service-kit';
import { registerServiceHandlers } from '@civic/service-kit/events';
import { ZNotificationsConfig } from './config.ts';
import type { NotificationsContext } from './context.ts';
import { startDispatcher } from './dispatch/dispatcher.ts';
import { NOTIFICATIONS_SCHEMA, publishingDb } from './events.ts';
import { notificationsHandlers } from './handlers.ts';
import { unsubscribeRoutes } from './routes/unsubscribe-routes.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

export const notificationsService = defineService({
  name: NOTIFICATIONS_SCHEMA,
  async plugin(app, { platform }) {
    const config = loadConfig(ZNotificationsConfig, platform.env);
    const database = await platform.databases.open(NOTIFICATIONS_SCHEMA, MIGRATIONS_DIR);
    // Publishes the outbox events of each transaction once it commits (events.ts).
    const db = publishingDb(database.driver, platform);
    // A key ring (docs/key-rotation.md); embedded without the variable, one key generated under DATA_DIR.
    const linkKey = parseKeyRing(await loadNamedSecret(platform.config, 'NOTIFICATIONS_LINK_KEY', config.NOTIFICATIONS_LINK_KEY));
    const ctx: NotificationsContext = { db, platform, config, linkKey };
    const relay = await platform.events.startRelay({ db, schema: NOTIFICATIONS_SCHEMA, service: NOTIFICATIONS_SCHEMA });
    // The bus stops its subscriptions and responders when the platform closes; durable positions are kept.
    await registerServiceHandlers(platform, { schema: NOTIFICATIONS_SCHEMA, db }, notificationsHandlers(ctx));
    const jobs = startDispatcher(ctx);
    app.addHook('onClose', async () => {
      for (const job of jobs) await job.stop();
      await relay.stop();
    });
    await app.register(unsubscribeRoutes, { ctx });
  },
});
