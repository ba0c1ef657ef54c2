// What the ledger service's functions need, built once in app.ts.
import type { Platform } from '@civic/service-kit';
import type { LedgerDb } from './db.ts';

export interface LedgerContext {
  db: LedgerDb;
  /** Raw SQL on the same database, for the hot single-statement paths (the debit's post_debit). */
  platform: Platform;
}
