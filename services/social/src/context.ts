// What the social service's functions need, built once in app.ts.
import type { Platform } from '@civic/service-kit';
import type { SocialDb } from './db.ts';

export interface SocialContext {
  db: SocialDb;
  /** Raw SQL on the same database, for the hot single-statement paths (follow_user, unfollow_user). */
  platform: Platform;
}
