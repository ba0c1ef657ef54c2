// The priorities service's own settings on top of the platform's (docs/configuration.md).
import { z } from 'zod';

export const ZPrioritiesConfig = z.object({
  /** How often an idle rankings stream gets a comment line (proxies close silent connections). */
  PRIORITIES_STREAM_HEARTBEAT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  /** How often purchases left unsettled past PURCHASE_STALE_MS are refunded (purchases/sweep-purchases.ts). */
  PRIORITIES_PURCHASE_SWEEP_MS: z.coerce.number().int().min(50).max(3_600_000).default(30_000),
  /** Wait for the ledger before a purchase counts as unknown; at most 30 s, under PURCHASE_STALE_MS's minute. */
  PRIORITIES_LEDGER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),
  /** How often promotion boosts are recomputed as they decay (docs/ranking.md; src/promotions/decay-promotion-boosts.ts). */
  PRIORITIES_BOOST_DECAY_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
  /** How often first entries into the top 10 are looked for: an author's notice is at most this late. */
  PRIORITIES_TOP_TEN_MS: z.coerce.number().int().min(50).max(3_600_000).default(10_000),
  /** Vote calls in flight per process (votes/vote-batcher.ts); below the pool's 10 so reads keep some. */
  PRIORITIES_VOTE_CALLS: z.coerce.number().int().min(1).max(8).default(4),
  /** Expensive list reads per account a minute (priorities/read-budget.ts): 600 leaves room for two live tabs' 480. */
  PRIORITIES_READ_BUDGET: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** The open-data snapshots' period, counted from the epoch so hourly ones fall on the hour. */
  OPEN_DATA_SNAPSHOT_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(7 * 24 * 3_600_000)
    .default(3_600_000),
  /** Snapshots kept: a week of hourly ones by default. */
  OPEN_DATA_KEEP_SNAPSHOTS: z.coerce.number().int().min(1).max(100_000).default(168),
  /** How long a process keeps a state's tallies (docs/ranking.md section 7); 0: every read counts. */
  PRIORITIES_STATE_TALLIES_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** State changes enter the tallies at most this long after the hour (members/apply-state-epoch.ts). */
  PRIORITIES_STATE_EPOCH_CHECK_MS: z.coerce.number().int().min(50).max(600_000).default(60_000),
});
