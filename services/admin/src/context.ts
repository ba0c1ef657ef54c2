// What the admin service's functions need, built once in app.ts.
import type { Platform } from '@civic/service-kit';
import type { AdminDb } from './db.ts';

export interface AdminContext {
  /** Publishes the outbox events of each transaction once it commits (events.ts). */
  db: AdminDb;
  platform: Platform;
}
