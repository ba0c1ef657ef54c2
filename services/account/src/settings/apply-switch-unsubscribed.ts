// A citizen used a mail's one-click unsubscribe link (civic.notifications.switch.unsubscribed, issue
// 22): the switch goes off in the settings, the version rises and civic.account.settings.changed is
// published, all in the consumer's transaction, so GET /api/settings and the notifications service
// agree. Harmless again for a switch already off (the version still rises, the event says "off" once
// more). A deleted account's id records nothing and publishes nothing (the erasure guard).
import type { EventPayload, notificationsEvents, TNotificationSwitch } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import type { AccountContext } from '../context.ts';
import { accountErasureGuard } from '../data-rights/erasure-guard.ts';
import { emitSettingsChanged } from '../events.ts';

/** Each switch's column: the event names a switch, the SQL a fixed column (never the event's text). */
const SWITCH_COLUMNS: Record<TNotificationSwitch, string> = {
  emailNotifications: 'email_notifications',
  activityNotifications: 'activity_notifications',
  priorityNotifications: 'priority_notifications',
};

interface SwitchesRow {
  email_notifications: boolean;
  activity_notifications: boolean;
  priority_notifications: boolean;
  version: number;
}

export async function applySwitchUnsubscribed(
  ctx: AccountContext,
  tx: SqlDriver,
  payload: EventPayload<typeof notificationsEvents.SwitchUnsubscribed>,
): Promise<void> {
  const { userId } = payload;
  if (await accountErasureGuard.isDeletedUser(tx, userId)) return;
  const column = SWITCH_COLUMNS[payload.switch];
  // Upsert as a PATCH does: the row may not exist yet (user.registered not consumed), and then the
  // registration's INSERT ... ON CONFLICT DO NOTHING keeps this switch off.
  const [row] = await tx.query<SwitchesRow>(
    `INSERT INTO account.settings (user_id, ${column}, version) VALUES ($1::uuid, false, 1)
     ON CONFLICT (user_id) DO UPDATE SET ${column} = false, version = account.settings.version + 1
     RETURNING email_notifications, activity_notifications, priority_notifications, version`,
    [userId],
  );
  await emitSettingsChanged(tx, {
    userId,
    emailNotifications: row!.email_notifications,
    activityNotifications: row!.activity_notifications,
    priorityNotifications: row!.priority_notifications,
    version: row!.version,
    changedAt: ctx.platform.clock.now().toISOString(),
  });
}
