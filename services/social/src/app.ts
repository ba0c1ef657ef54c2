// The social service: each user's activity, recorded from other services' events, shown as their own
// feed, on profiles and in the network feed; the citizen network (follows, blocks, their counts).
import { fileURLToPath } from 'node:url';
import { defineService } from '@civic/service-kit';
import type { SocialContext } from './context.ts';
import { countSocialData } from './data-rights/count-activities.ts';
import { eraseUser } from './data-rights/erase-user.ts';
import { exportSocialSection } from './data-rights/export-social-section.ts';
import { publishingDb, SOCIAL_SCHEMA } from './events.ts';
import { socialHandlers } from './handlers.ts';
import { activityRoutes } from './routes/activity-routes.ts';
import { networkRoutes } from './routes/network-routes.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

export const socialService = defineService({
  name: SOCIAL_SCHEMA,
  migrations: MIGRATIONS_DIR,
  publishingDb,
  context: ({ db, platform }): SocialContext => ({ db, platform }),
  handlers: socialHandlers,
  dataRights: (ctx) => ({
    exportSection: (userId) => exportSocialSection(ctx, userId),
    countData: (userId) => countSocialData(ctx, userId),
    // The user's activities and member row (data-rights/erase-user.ts).
    erase: (p, { tx }) => eraseUser(tx, p.userId, p.deletedAt),
  }),
  routes: [activityRoutes, networkRoutes],
});
