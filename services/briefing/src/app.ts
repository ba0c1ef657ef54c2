// The briefing service: briefing documents (spec 2.8, 2.14): the Briefing Room's list, search, type
// filter and tiles, contributions (earning 2 PC through civic.briefing.document.created) and the
// administrators' deletions.
import { fileURLToPath } from 'node:url';
import { createReadBudget, defineService, loadConfig } from '@civic/service-kit';
import { ZBriefingConfig } from './config.ts';
import { registerServiceHandlers } from '@civic/service-kit/events';
import type { BriefingContext } from './context.ts';
import { createFirstPagesCache } from './documents/first-pages-cache.ts';
import { BRIEFING_SCHEMA, publishingDb } from './events.ts';
import { briefingHandlers, watchListChanges } from './handlers.ts';
import { ReadBudgetExceeded } from './errors.ts';
import { documentRoutes } from './routes/document-routes.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

export const briefingService = defineService({
  name: BRIEFING_SCHEMA,
  async plugin(app, { platform }) {
    const database = await platform.databases.open(BRIEFING_SCHEMA, MIGRATIONS_DIR);
    // Publishes the outbox events of what it commits (events.ts).
    const db = publishingDb(database.driver, platform);
    const config = loadConfig(ZBriefingConfig, platform.env);
    const readBudget = createReadBudget({
      name: BRIEFING_SCHEMA,
      perMinute: config.BRIEFING_READ_BUDGET,
      clock: platform.clock,
      ...(platform.redis ? { redis: { client: platform.redis, prefix: platform.config.REDIS_PREFIX } } : {}),
      refuse: (message) => new ReadBudgetExceeded(message),
    });
    const ctx: BriefingContext = { db, platform, firstPages: createFirstPagesCache(), readBudget };
    const relay = await platform.events.startRelay({ db, schema: BRIEFING_SCHEMA, service: BRIEFING_SCHEMA });
    // The bus stops its subscriptions, responders and watches when the platform closes; durable positions are kept.
    await registerServiceHandlers(platform, { schema: BRIEFING_SCHEMA, db }, briefingHandlers(ctx));
    await watchListChanges(ctx);
    app.addHook('onClose', async () => {
      await relay.stop();
    });
    await app.register(documentRoutes, { ctx });
  },
});
