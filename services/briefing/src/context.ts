// What the briefing service's functions need, built once in app.ts.
import type { Platform, ReadBudget } from '@civic/service-kit';
import type { BriefingDb } from './db.ts';
import type { FirstPagesCache } from './documents/first-pages-cache.ts';

export interface BriefingContext {
  /** Publishes the outbox events of each transaction once it commits (events.ts). */
  db: BriefingDb;
  platform: Platform;
  /** The unfiltered list's first pages, as answered (documents/first-pages-cache.ts). */
  firstPages: FirstPagesCache;
  /** Each account's budget of list reads from the database (config.ts BRIEFING_READ_BUDGET). */
  readBudget: ReadBudget;
}
