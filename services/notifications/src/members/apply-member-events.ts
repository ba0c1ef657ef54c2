// Keeps notifications' read model of members from auth's and account's events, in the consumer's
// transaction: the address to mail (registration), the names a mail shows (profile), whether their
// acts may be told to non-followers (privacy) and the three switches (settings). Producers' streams
// have no order with each other, so each event creates the row if it is missing and an update older
// than the one held is skipped; a deleted account's id gets no row again (the erasure guard's lock).
import type { accountEvents, authEvents, EventPayload } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { notificationsErasureGuard } from '../data-rights/erasure-guard.ts';

const NOT_DELETED = `NOT ${notificationsErasureGuard.deletedSql('$1')}`;

/** civic.auth.user.registered: the address every mail goes to. */
export async function applyRegistration(tx: SqlDriver, p: EventPayload<typeof authEvents.UserRegistered>): Promise<void> {
  await notificationsErasureGuard.lockShared(tx, p.userId);
  await tx.execute(
    `INSERT INTO notifications.members AS m (user_id, email) SELECT $1::uuid, $2::text WHERE ${NOT_DELETED}
     ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email`,
    [p.userId, p.email],
  );
}

/** civic.account.profile.updated: the names a mail gives the citizen (never their address). */
export async function applyProfileUpdate(tx: SqlDriver, p: EventPayload<typeof accountEvents.ProfileUpdated>): Promise<void> {
  await notificationsErasureGuard.lockShared(tx, p.userId);
  await tx.execute(
    `INSERT INTO notifications.members AS m (user_id, first_name, last_name, profile_updated_at)
     SELECT $1::uuid, $2::text, $3::text, $4::timestamptz WHERE ${NOT_DELETED}
     ON CONFLICT (user_id) DO UPDATE SET
       first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, profile_updated_at = EXCLUDED.profile_updated_at
     WHERE m.profile_updated_at IS NULL OR m.profile_updated_at <= EXCLUDED.profile_updated_at`,
    [p.userId, p.firstName, p.lastName, p.updatedAt],
  );
}

/** civic.account.privacy.changed: a private member's acts are told to their followers only. */
export async function applyPrivacyChange(tx: SqlDriver, p: EventPayload<typeof accountEvents.PrivacyChanged>): Promise<void> {
  await notificationsErasureGuard.lockShared(tx, p.userId);
  await tx.execute(
    `INSERT INTO notifications.members AS m (user_id, activity_visibility, profile_visibility, privacy_changed_at)
     SELECT $1::uuid, $2::text, $3::text, $4::timestamptz WHERE ${NOT_DELETED}
     ON CONFLICT (user_id) DO UPDATE SET
       activity_visibility = EXCLUDED.activity_visibility, profile_visibility = EXCLUDED.profile_visibility,
       privacy_changed_at = EXCLUDED.privacy_changed_at
     WHERE m.privacy_changed_at IS NULL OR m.privacy_changed_at <= EXCLUDED.privacy_changed_at`,
    [p.userId, p.activityVisibility, p.profileVisibility, p.changedAt],
  );
}

/** civic.account.settings.changed: the switches, read again when the next batch is composed. */
export async function applySettingsChange(tx: SqlDriver, p: EventPayload<typeof accountEvents.SettingsChanged>): Promise<void> {
  await notificationsErasureGuard.lockShared(tx, p.userId);
  await tx.execute(
    `INSERT INTO notifications.members AS m (user_id, email_notifications, activity_notifications, priority_notifications, settings_version)
     SELECT $1::uuid, $2::boolean, $3::boolean, $4::boolean, $5::int WHERE ${NOT_DELETED}
     ON CONFLICT (user_id) DO UPDATE SET
       email_notifications = EXCLUDED.email_notifications, activity_notifications = EXCLUDED.activity_notifications,
       priority_notifications = EXCLUDED.priority_notifications, settings_version = EXCLUDED.settings_version
     WHERE m.settings_version < EXCLUDED.settings_version`,
    [p.userId, p.emailNotifications, p.activityNotifications, p.priorityNotifications, p.version],
  );
}
