// The priorities service: the issue catalogue, priorities, endorse/oppose votes, promotions paid
// with political capital, ranking (docs/ranking.md), the dashboard stats and the live rankings stream.
import { countStateTallies } from './priorities/list-state-priorities.ts';
import { createStateTalliesCache } from './priorities/state-tallies-cache.ts';
import { fileURLToPath } from 'node:url';
import { createReadBudget, defineService, type PeriodicJob, type Platform, startPeriodicJob } from '@civic/service-kit';
import { ReadBudgetExceeded } from './errors.ts';
import { ZPrioritiesConfig } from './config.ts';
import type { PrioritiesContext } from './context.ts';
import { countPrioritiesData } from './data-rights/count-priorities-data.ts';
import { eraseUser } from './data-rights/erase-user.ts';
import { exportPrioritiesSection } from './data-rights/export-priorities-section.ts';
import { PRIORITIES_SCHEMA, publishingDb } from './events.ts';
import { prioritiesHandlers, watchLiveRankings } from './handlers.ts';
import { createIssueSummariesCache } from './issues/issue-summaries-cache.ts';
import { readIssueSummaries } from './issues/list-issues.ts';
import { createLiveRankings, type LiveRankings } from './live/live-rankings.ts';
import { readTopPriorities, readViewerVotes } from './priorities/list-priorities.ts';
import { applyStateEpoch } from './members/apply-state-epoch.ts';
import { documentStoreOf } from './open-data/document-store.ts';
import { MAX_CHECK_MS, runSnapshotSchedule, type SnapshotSchedule } from './open-data/snapshot-schedule.ts';
import { recordTopTenEntries } from './priorities/record-top-ten-entries.ts';
import { createTopPrioritiesCache } from './priorities/top-priorities-cache.ts';
import { createViewerVotesCache } from './priorities/viewer-votes-cache.ts';
import { decayPromotionBoosts } from './promotions/decay-promotion-boosts.ts';
import { sweepPurchases } from './purchases/sweep-purchases.ts';
import { priorityRoutes } from './routes/priority-routes.ts';
import { promotionRoutes } from './routes/promotion-routes.ts';
import { openDataRoutes } from './routes/open-data-routes.ts';
import { streamRoutes } from './routes/stream-routes.ts';
import { voteRoutes } from './routes/vote-routes.ts';
import { createVoteBatcher } from './votes/vote-batcher.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

/** Each process's live rankings, by its platform: for tests and diagnostics (open stream counts). */
const liveByPlatform = new WeakMap<Platform, LiveRankings>();
export function liveRankingsOf(platform: Platform): LiveRankings | undefined {
  return liveByPlatform.get(platform);
}

export interface PrioritiesJobs {
  /** Refunds purchases left unsettled (purchases/sweep-purchases.ts). */
  sweepPurchases: PeriodicJob;
  /** Recomputes decaying promotion boosts (promotions/decay-promotion-boosts.ts). */
  decayBoosts: PeriodicJob;
  /** Records priorities entering the top 10 for the first time, with their event (priorities/record-top-ten-entries.ts). */
  topTen: PeriodicJob;
  /** Takes the open-data snapshot when its slot is due, then applies the retention (open-data/snapshot-schedule.ts). */
  openDataSnapshot: PeriodicJob;
  /** Applies the pending state and visibility changes at each hour boundary (members/apply-state-epoch.ts). */
  stateEpoch: PeriodicJob;
}

/** Each process's background jobs, by its platform: tests run them now instead of waiting a period. */
const jobsByPlatform = new WeakMap<Platform, PrioritiesJobs>();
export function prioritiesJobsOf(platform: Platform): PrioritiesJobs | undefined {
  return jobsByPlatform.get(platform);
}

/** The context, plus what the watches and the stream and open-data routes share. */
interface PrioritiesParts extends PrioritiesContext {
  live: LiveRankings;
  schedule: SnapshotSchedule;
}

export const prioritiesService = defineService({
  name: PRIORITIES_SCHEMA,
  config: ZPrioritiesConfig,
  migrations: MIGRATIONS_DIR,
  // Both handles publish the outbox events of what they commit (events.ts).
  publishingDb,
  context({ db, platform, config }): PrioritiesParts {
    const ctx: PrioritiesContext = {
      db,
      platform,
      topPriorities: createTopPrioritiesCache((minEndorsements) => readTopPriorities(ctx, minEndorsements)),
      issueSummaries: createIssueSummariesCache((minEndorsements) => readIssueSummaries(ctx, minEndorsements)),
      viewerVotes: createViewerVotesCache((viewerId, priorityIds) => readViewerVotes(ctx, viewerId, priorityIds)),
      stateTallies: createStateTalliesCache((state) => countStateTallies(ctx, state), config.PRIORITIES_STATE_TALLIES_MS),
      votes: createVoteBatcher(db, {
        maxInFlight: config.PRIORITIES_VOTE_CALLS,
        onGroupFailed: (error, size) => platform.logger.warn({ err: error, size }, 'a group of votes failed as a whole; applying them one by one'),
      }),
      readBudget: createReadBudget({
        name: 'priorities',
        perMinute: config.PRIORITIES_READ_BUDGET,
        clock: platform.clock,
        ...(platform.redis ? { redis: { client: platform.redis, prefix: platform.config.REDIS_PREFIX } } : {}),
        refuse: (message) => new ReadBudgetExceeded(message),
      }),
      ledgerTimeoutMs: config.PRIORITIES_LEDGER_TIMEOUT_MS,
    };
    const live = createLiveRankings(ctx, { heartbeatMs: config.PRIORITIES_STREAM_HEARTBEAT_MS });
    liveByPlatform.set(platform, live);
    const schedule: SnapshotSchedule = {
      everyMs: config.OPEN_DATA_SNAPSHOT_MS,
      keep: config.OPEN_DATA_KEEP_SNAPSHOTS,
      startedAt: platform.clock.now(),
      documents: documentStoreOf(platform.config),
    };
    return Object.assign(ctx, { live, schedule });
  },
  extend(app, { live }, { platform }) {
    // Open streams never end by themselves: end them before the server waits for its connections.
    app.addHook('preClose', async () => live.close());
    // Open live-ranking streams of this process, read at scrape time.
    platform.metrics.meter
      .createObservableGauge('civic.priorities.live_streams', { description: 'Open live-ranking streams (SSE) this process writes to' })
      .addCallback((observer) => observer.observe(live.openStreams));
  },
  handlers: prioritiesHandlers,
  dataRights: (ctx) => ({
    exportSection: (userId) => exportPrioritiesSection(ctx, userId),
    countData: (userId) => countPrioritiesData(ctx, userId),
    // Votes go (tallies adjusted), priorities stay detached (data-rights/erase-user.ts).
    erase: async (p, { tx, afterCommit }) => {
      await eraseUser(tx, p.userId, p.deletedAt);
      // After the commit: a read before it would keep the votes just deleted.
      afterCommit(() => ctx.viewerVotes.invalidate(p.userId));
    },
  }),
  watches: (ctx) => watchLiveRankings(ctx, ctx.live),
  routes: [
    priorityRoutes,
    voteRoutes,
    promotionRoutes,
    { plugin: openDataRoutes, options: (ctx) => ({ ctx, schedule: ctx.schedule }) },
    { plugin: streamRoutes, options: ({ live }) => ({ live }) },
  ],
  jobs(ctx, { platform, config }) {
    const jobs: PrioritiesJobs = {
      sweepPurchases: startPeriodicJob('sweep purchases', config.PRIORITIES_PURCHASE_SWEEP_MS, () => sweepPurchases(ctx), platform.logger),
      decayBoosts: startPeriodicJob('decay promotion boosts', config.PRIORITIES_BOOST_DECAY_MS, () => decayPromotionBoosts(ctx), platform.logger),
      topTen: startPeriodicJob('record top ten entries', config.PRIORITIES_TOP_TEN_MS, () => recordTopTenEntries(ctx), platform.logger),
      openDataSnapshot: startPeriodicJob(
        'open-data snapshot',
        Math.min(ctx.schedule.everyMs, MAX_CHECK_MS),
        () => runSnapshotSchedule(ctx, ctx.schedule),
        platform.logger,
      ),
      stateEpoch: startPeriodicJob('state tallies epoch', config.PRIORITIES_STATE_EPOCH_CHECK_MS, () => applyStateEpoch(ctx), platform.logger),
    };
    jobsByPlatform.set(platform, jobs);
    return Object.values(jobs);
  },
});
