// The notifications service: mails citizens what happened to their priorities and in their
// network, as their three switches allow, gathered into at most one mail an hour; the author's notice
// when moderation removed a priority; and the mails' one-click unsubscribe link, its only public path.
import { fileURLToPath } from 'node:url';
import { defineService, loadNamedSecret, parseKeyRing } from '@civic/service-kit';
import { ZNotificationsConfig } from './config.ts';
import type { NotificationsContext } from './context.ts';
import { eraseUser } from './data-rights/erase-user.ts';
import { exportNotificationsSection } from './data-rights/export-notifications-section.ts';
import { startDispatcher } from './dispatch/dispatcher.ts';
import { NOTIFICATIONS_SCHEMA, publishingDb } from './events.ts';
import { notificationsHandlers } from './handlers.ts';
import { unsubscribeRoutes } from './routes/unsubscribe-routes.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

export const notificationsService = defineService({
  name: NOTIFICATIONS_SCHEMA,
  config: ZNotificationsConfig,
  migrations: MIGRATIONS_DIR,
  publishingDb,
  async context({ db, platform, config }): Promise<NotificationsContext> {
    // A key ring (docs/key-rotation.md); embedded without the variable, one key generated under DATA_DIR.
    const linkKey = parseKeyRing(await loadNamedSecret(platform.config, 'NOTIFICATIONS_LINK_KEY', config.NOTIFICATIONS_LINK_KEY));
    return { db, platform, config, linkKey };
  },
  handlers: notificationsHandlers,
  dataRights: (ctx) => ({
    exportSection: (userId) => exportNotificationsSection(ctx, userId),
    erase: (p, { tx }) => eraseUser(tx, p.userId, p.deletedAt),
  }),
  routes: [unsubscribeRoutes],
  jobs: startDispatcher,
});
