// Changes the one setting a PATCH carries (the contract refuses more or fewer than one key), raising
// the settings' version. The change is published in the same transaction, so no consumer can miss
// it: a visibility as civic.account.privacy.changed (the services that show this user's activity to
// others), a notification switch as civic.account.settings.changed (the notifications service).
import { NOTIFICATION_SWITCHES, type TSettings, type TUpdateSettingsRequest } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import type { AccountContext } from '../context.ts';
import { assertUserExists } from '../data-rights/erasure-guard.ts';
import { emitPrivacyChanged, emitSettingsChanged } from '../events.ts';
import { SETTINGS_COLUMNS, type SettingsRow } from './settings-row.ts';
import { toSettingsView } from './settings-view.ts';

/** Each setting's column: the SQL names a fixed column, never a key of the request. */
const SETTING_COLUMNS: Record<keyof TUpdateSettingsRequest, string> = {
  profileVisibility: 'profile_visibility',
  activityVisibility: 'activity_visibility',
  emailNotifications: 'email_notifications',
  activityNotifications: 'activity_notifications',
  priorityNotifications: 'priority_notifications',
};

/** Writes the change and raises the version (version 1 on a new row, the other columns their defaults). */
async function upsertSettings(tx: SqlDriver, userId: string, change: TUpdateSettingsRequest): Promise<SettingsRow> {
  const keys = (Object.keys(SETTING_COLUMNS) as (keyof TUpdateSettingsRequest)[]).filter((key) => change[key] !== undefined);
  const columns = keys.map((key) => SETTING_COLUMNS[key]);
  const updates = [...columns.map((column) => `${column} = excluded.${column}`), 'version = account.settings.version + 1'];
  const [row] = await tx.query<SettingsRow>(
    `INSERT INTO account.settings (user_id, version${columns.map((column) => `, ${column}`).join('')})
     VALUES ($1::uuid, 1${columns.map((_, i) => `, $${i + 2}`).join('')})
     ON CONFLICT (user_id) DO UPDATE SET ${updates.join(', ')}
     RETURNING ${SETTINGS_COLUMNS}`,
    [userId, ...keys.map((key) => change[key])],
  );
  return row!;
}

export async function updateSettings(ctx: AccountContext, userId: string, change: TUpdateSettingsRequest): Promise<TSettings> {
  const changesPrivacy = change.profileVisibility !== undefined || change.activityVisibility !== undefined;
  const changesSwitch = NOTIFICATION_SWITCHES.some((key) => change[key] !== undefined);
  return ctx.db.transaction(async (tx) => {
    await assertUserExists(tx, userId);
    // Upsert: the change may arrive before the user.registered event has created the row.
    const stored = await upsertSettings(tx, userId, change);
    const row = toSettingsView(stored);
    const changedAt = ctx.platform.clock.now().toISOString();
    if (changesPrivacy) {
      await emitPrivacyChanged(tx, { userId, profileVisibility: row.profileVisibility, activityVisibility: row.activityVisibility, changedAt });
    }
    if (changesSwitch) {
      const { emailNotifications, activityNotifications, priorityNotifications } = row;
      await emitSettingsChanged(tx, { userId, emailNotifications, activityNotifications, priorityNotifications, version: stored.version, changedAt });
    }
    return row;
  });
}
