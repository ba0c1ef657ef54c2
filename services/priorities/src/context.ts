// What the priorities service's functions need, built once in app.ts.
import type { Platform, ReadBudget } from '@civic/service-kit';
import type { PrioritiesDb } from './db.ts';
import type { IssueSummariesCache } from './issues/issue-summaries-cache.ts';
import type { StateTalliesCache } from './priorities/state-tallies-cache.ts';
import type { TopPrioritiesCache } from './priorities/top-priorities-cache.ts';
import type { ViewerVotesCache } from './priorities/viewer-votes-cache.ts';
import type { VoteBatcher } from './votes/vote-batcher.ts';

export interface PrioritiesContext {
  db: PrioritiesDb;
  platform: Platform;
  topPriorities: TopPrioritiesCache;
  /** Each issue's priority count and top priority, kept a second (issues/issue-summaries-cache.ts). */
  issueSummaries: IssueSummariesCache;
  /** Each viewer's votes on the top list (priorities/viewer-votes-cache.ts). */
  viewerVotes: ViewerVotesCache;
  /** Each state's tallies, kept a while (priorities/state-tallies-cache.ts; the agenda by state). */
  stateTallies: StateTalliesCache;
  /** Applies decided vote changes, grouping those that wait (votes/vote-batcher.ts). */
  votes: VoteBatcher;
  /** Each account's budget of expensive list reads (priorities/read-budget.ts). */
  readBudget: ReadBudget;
  /** How long a purchase waits for the ledger (PRIORITIES_LEDGER_TIMEOUT_MS). */
  ledgerTimeoutMs: number;
}
