// What the priorities service's functions need, built once in app.ts.
import type { Platform } from '@civic/service-kit/platform';
import type { PrioritiesDb } from './db.ts';

export interface PrioritiesContext {
  db: PrioritiesDb;
  platform: Platform;
}
