// What the ledger service's functions need, built once in app.ts.
import type { Platform } from '@civic/service-kit/platform';
import type { LedgerDb } from './db.ts';

export interface LedgerContext {
  db: LedgerDb;
  platform: Platform;
}
