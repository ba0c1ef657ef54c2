// The owner's edit of their profile: the row and civic.account.profile.updated commit together. Copies
// elsewhere keep the edit with the latest updatedAt, so the time is taken under the row's lock: of two
// edits at once, the one that commits last is the newest everywhere. An edit that sets a state also
// re-announces the visibility, unchanged: priorities must not count a profile it does not know is public.
import type { TProfileFields, TUpdateProfileRequest } from '@civic/contracts';
import type { AccountContext } from '../context.ts';
import { emitPrivacyChanged, emitProfileUpdated } from '../events.ts';
import { toSettingsView } from '../settings/settings-view.ts';
import { toProfileFields } from './profile-fields.ts';
import { assertUserExists } from '../data-rights/erasure-guard.ts';

export async function updateProfile(ctx: AccountContext, userId: string, edit: TUpdateProfileRequest): Promise<TProfileFields> {
  const profile = await ctx.db.transaction(async (tx) => {
    await assertUserExists(tx, userId);
    const [held] = await tx.query<{ updated_at: Date | string }>('SELECT updated_at FROM account.profiles WHERE user_id = $1::uuid FOR UPDATE', [userId]);
    const now = ctx.platform.clock.now();
    const heldAt = held ? new Date(held.updated_at).getTime() : Number.NEGATIVE_INFINITY;
    const updatedAt = heldAt >= now.getTime() ? new Date(heldAt + 1) : now;
    // Absent keys are undefined, which Prisma leaves untouched; null unsets a field.
    const data = { ...edit, updatedAt };
    // Upsert: an edit may arrive before the user.registered event has created the row.
    const row = await tx.profile.upsert({ where: { userId }, create: { userId, ...data }, update: data });
    const fields = toProfileFields(row);
    const { id: _id, ...publicFields } = fields;
    await emitProfileUpdated(tx, { userId, ...publicFields, updatedAt: row.updatedAt.toISOString() });
    if (fields.state !== null) await reannouncePrivacy(tx, userId, ctx.platform.clock.now());
    return fields;
  });
  return profile;
}

type Tx = Parameters<Parameters<AccountContext['db']['$transaction']>[0]>[0];

/**
 * The settings row is read FOR SHARE, so a visibility change under way commits first (and this one
 * is dated after it) or waits for this commit (and is dated after this one): consumers keep the
 * latest changedAt, which is then the latest visibility.
 */
async function reannouncePrivacy(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx.query('SELECT 1 FROM account.settings WHERE user_id = $1::uuid FOR SHARE', [userId]);
  const stored = await tx.settings.findUnique({ where: { userId } });
  if (!stored) return; // No settings yet: the defaults (public) are what every consumer assumes.
  const { profileVisibility, activityVisibility } = toSettingsView(stored);
  await emitPrivacyChanged(tx, { userId, profileVisibility, activityVisibility, changedAt: now.toISOString() });
}
