// Changes the one setting a PATCH carries (the contract refuses more or fewer than one key), raising
// the settings' version. The change is published in the same transaction, so no consumer can miss
// it: a visibility as civic.account.privacy.changed (the services that show this user's activity to
// others), a notification switch as civic.account.settings.changed (the notifications service).
import { NOTIFICATION_SWITCHES, type TSettings, type TUpdateSettingsRequest } from '@civic/contracts';
import type { AccountContext } from '../context.ts';
import { assertUserExists } from '../data-rights/erasure-guard.ts';
import { emitPrivacyChanged, emitSettingsChanged } from '../events.ts';
import { toSettingsView } from './settings-view.ts';

export async function updateSettings(ctx: AccountContext, userId: string, change: TUpdateSettingsRequest): Promise<TSettings> {
  const changesPrivacy = change.profileVisibility !== undefined || change.activityVisibility !== undefined;
  const changesSwitch = NOTIFICATION_SWITCHES.some((key) => change[key] !== undefined);
  return ctx.db.transaction(async (tx) => {
    await assertUserExists(tx, userId);
    // Upsert: the change may arrive before the user.registered event has created the row.
    const stored = await tx.settings.upsert({
      where: { userId },
      create: { userId, ...change, version: 1 },
      update: { ...change, version: { increment: 1 } },
    });
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
