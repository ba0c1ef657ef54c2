// The priorities service's own settings on top of the platform's, parsed once at start.
import { z } from 'zod';

export const ZPrioritiesConfig = z.object({
  /** How often an idle rankings stream gets a comment line (proxies close silent connections). */
  PRIORITIES_STREAM_HEARTBEAT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  /**
   * How often the sweeper looks for purchases (promotions, creation charges) left unsettled past
   * PURCHASE_STALE_MS and refunds them (src/purchases/sweep-purchases.ts).
   */
  PRIORITIES_PURCHASE_SWEEP_MS: z.coerce.number().int().min(50).max(3_600_000).default(30_000),
  /**
   * How long a purchase waits for the ledger's answer to a debit or refund before it counts as unknown
   * (and is refunded). At most 30 s: the sweeper takes purchases a minute old (PURCHASE_STALE_MS).
   */
  PRIORITIES_LEDGER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),
  /** How often promotion boosts are recomputed as they decay (docs/ranking.md; src/promotions/decay-promotion-boosts.ts). */
  PRIORITIES_BOOST_DECAY_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
  /**
   * How often each process looks for priorities that entered the top 10 for the first time
   * (src/priorities/record-top-ten-entries.ts): an author's notice is at most this late.
   */
  PRIORITIES_TOP_TEN_MS: z.coerce.number().int().min(50).max(3_600_000).default(10_000),
  /**
   * Vote changes sent to PostgreSQL at once by one process; changes that arrive while this many are
   * running wait and go as one group (src/votes/vote-batcher.ts). Below the pool's 10 connections,
   * so reads and event consumers keep some.
   */
  PRIORITIES_VOTE_CALLS: z.coerce.number().int().min(1).max(8).default(4),
  /**
   * Units of expensive list reads one account may spend a minute (src/priorities/read-budget.ts):
   * a search, a category or a read past the kept top list costs one per 50 rows asked for; beyond
   * the budget 429. 600: a searched list of 50 refetched at the live stream's 4 a second in two
   * tabs spends 480.
   */
  PRIORITIES_READ_BUDGET: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /**
   * How often an open-data snapshot is taken (open-data/snapshot-schedule.ts): at every
   * multiple of this period since the epoch (on the hour by default).
   */
  OPEN_DATA_SNAPSHOT_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(7 * 24 * 3_600_000)
    .default(3_600_000),
  /** Snapshots kept, newest first; older ones are deleted whole after each scheduled snapshot (a week of hourly ones by default). */
  OPEN_DATA_KEEP_SNAPSHOTS: z.coerce.number().int().min(1).max(100_000).default(168),
  /**
   * How long a state's tallies (the agenda by state) are kept per process before they are
   * counted again (src/priorities/state-tallies-cache.ts; docs/ranking.md section 7). 0: every read counts.
   */
  PRIORITIES_STATE_TALLIES_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /**
   * How often each process looks whether the current hour's state epoch is applied
   * (src/members/apply-state-epoch.ts): pending state and visibility changes enter the state tallies
   * at most this long after the hour boundary.
   */
  PRIORITIES_STATE_EPOCH_CHECK_MS: z.coerce.number().int().min(50).max(600_000).default(60_000),
});
