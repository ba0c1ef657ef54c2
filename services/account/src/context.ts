// What the account service's functions need, built once in app.ts.
import type { Platform } from '@civic/service-kit';
import type { AccountDb } from './db.ts';

export interface AccountContext {
  db: AccountDb;
  platform: Platform;
}
