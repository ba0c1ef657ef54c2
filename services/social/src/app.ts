// The social service, activities slice: each user's activity, recorded from other services' events,
// shown as their own feed, on profiles and in the network feed (follows and blocks come later).
import { fileURLToPath } from 'node:url';
import { ACCOUNT_COUNT_REQUESTS, EXPORT_REQUESTS } from '@civic/contracts';
import { defineService, requestUserOf } from '@civic/service-kit';
import type { SocialContext } from './context.ts';
import { countSocialData } from './data-rights/count-activities.ts';
import { exportSocialSection } from './data-rights/export-social-section.ts';
import { createSocialDb } from './db.ts';
import { SOCIAL_SCHEMA, subscribeSocialConsumers } from './events.ts';
import { activityRoutes } from './routes/activity-routes.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

export const socialService = defineService({
  name: SOCIAL_SCHEMA,
  async plugin(app, { platform }) {
    const database = await platform.databases.open(SOCIAL_SCHEMA, MIGRATIONS_DIR);
    const db = createSocialDb(database);
    const ctx: SocialContext = { db, platform };
    // The bus stops its subscriptions when the platform closes; the durable position is kept.
    await subscribeSocialConsumers(ctx);
    await platform.requests.respond(EXPORT_REQUESTS.social, (_payload, identity) => exportSocialSection(ctx, requestUserOf(identity)));
    await platform.requests.respond(ACCOUNT_COUNT_REQUESTS.social, (_payload, identity) => countSocialData(ctx, requestUserOf(identity)));
    app.addHook('onClose', async () => {
      await db.$disconnect();
    });
    await app.register(activityRoutes, { ctx });
  },
});
