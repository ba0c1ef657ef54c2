// What the notifications service's functions need, built once in app.ts.
import type { KeyRing, Platform } from '@civic/service-kit';
import type { NotificationsConfig } from './config.ts';
import type { NotificationsDb } from './db.ts';

export interface NotificationsContext {
  db: NotificationsDb;
  platform: Platform;
  config: NotificationsConfig;
  /** Signs and checks the unsubscribe links (NOTIFICATIONS_LINK_KEY). */
  linkKey: KeyRing;
}
