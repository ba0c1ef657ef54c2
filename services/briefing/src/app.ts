// The briefing service: briefing documents (spec 2.8, 2.14): the Briefing Room's list, search, type
// filter and tiles, contributions (earning 2 PC through civic.briefing.document.created) and the
// administrators' deletions.
import { fileURLToPath } from 'node:url';
import { createReadBudget, defineService } from '@civic/service-kit';
import { ZBriefingConfig } from './config.ts';
import type { BriefingContext } from './context.ts';
import { countBriefingData } from './data-rights/count-documents.ts';
import { eraseUser } from './data-rights/erase-user.ts';
import { exportBriefingSection } from './data-rights/export-briefing-section.ts';
import { createFirstPagesCache } from './documents/first-pages-cache.ts';
import { ReadBudgetExceeded } from './errors.ts';
import { BRIEFING_SCHEMA, publishingDb } from './events.ts';
import { briefingHandlers, watchListChanges } from './handlers.ts';
import { documentRoutes } from './routes/document-routes.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

export const briefingService = defineService({
  name: BRIEFING_SCHEMA,
  config: ZBriefingConfig,
  migrations: MIGRATIONS_DIR,
  publishingDb,
  context: ({ db, platform, config }): BriefingContext => ({
    db,
    platform,
    firstPages: createFirstPagesCache(),
    readBudget: createReadBudget({
      name: BRIEFING_SCHEMA,
      perMinute: config.BRIEFING_READ_BUDGET,
      clock: platform.clock,
      ...(platform.redis ? { redis: { client: platform.redis, prefix: platform.config.REDIS_PREFIX } } : {}),
      refuse: (message) => new ReadBudgetExceeded(message),
    }),
  }),
  handlers: briefingHandlers,
  dataRights: (ctx) => ({
    exportSection: (userId) => exportBriefingSection(ctx, userId),
    countData: (userId) => countBriefingData(ctx, userId),
    // The user's documents go; the list's pages are dropped once that is committed.
    erase: async (p, { tx, afterCommit }) => {
      await eraseUser(tx, p.userId, p.deletedAt);
      afterCommit(() => ctx.firstPages.invalidate());
    },
  }),
  watches: watchListChanges,
  routes: [documentRoutes],
});
