// Changes the one setting a PATCH carries (the contract refuses more or fewer than one key). A change
// of a visibility is published (civic.account.privacy.changed) in the same transaction, so the
// services that show this user's activity to others cannot miss it.
import type { TSettings, TUpdateSettingsRequest } from '@civic/contracts';
import type { AccountContext } from '../context.ts';
import { assertUserExists } from '../data-rights/erasure-guard.ts';
import { emitPrivacyChanged } from '../events.ts';
import { toSettingsView } from './settings-view.ts';

export async function updateSettings(ctx: AccountContext, userId: string, change: TUpdateSettingsRequest): Promise<TSettings> {
  const changesPrivacy = change.profileVisibility !== undefined || change.activityVisibility !== undefined;
  return ctx.db.$transaction(async (tx) => {
    await assertUserExists(tx, userId);
    // Upsert: the change may arrive before the user.registered event has created the row.
    const row = toSettingsView(await tx.settings.upsert({ where: { userId }, create: { userId, ...change }, update: change }));
    if (changesPrivacy) {
      await emitPrivacyChanged(tx, {
        userId,
        profileVisibility: row.profileVisibility,
        activityVisibility: row.activityVisibility,
        changedAt: ctx.platform.clock.now().toISOString(),
      });
    }
    return row;
  });
}
