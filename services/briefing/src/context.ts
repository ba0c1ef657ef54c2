// What the briefing service's functions need, built once in app.ts.
import type { Platform } from '@civic/service-kit';
import type { BriefingDb } from './db.ts';

export interface BriefingContext {
  /** Publishes the outbox events of each transaction once it commits (events.ts). */
  db: BriefingDb;
  platform: Platform;
}
