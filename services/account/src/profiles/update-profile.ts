// The owner's edit of their profile: the row and civic.account.profile.updated commit together. Copies
// elsewhere keep the edit with the latest updatedAt, so the time is taken under the row's lock: of two
// edits at once, the one that commits last is the newest everywhere. An edit that sets a state also
// re-announces the visibility, unchanged: priorities must not count a profile it does not know is public.
import type { TProfileFields, TUpdateProfileRequest } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import type { AccountContext } from '../context.ts';
import { emitPrivacyChanged, emitProfileUpdated } from '../events.ts';
import { SETTINGS_COLUMNS, type SettingsRow } from '../settings/settings-row.ts';
import { toSettingsView } from '../settings/settings-view.ts';
import { toProfileFields } from './profile-fields.ts';
import { PROFILE_COLUMNS, type ProfileRow } from './profile-row.ts';
import { assertUserExists } from '../data-rights/erasure-guard.ts';

/** Each editable field's column: the SQL names a fixed column, never a key of the request. */
const EDIT_COLUMNS: Record<keyof TUpdateProfileRequest, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  bio: 'bio',
  location: 'location',
  occupation: 'occupation',
  birthYear: 'birth_year',
  gender: 'gender',
  website: 'website',
  twitterHandle: 'twitter_handle',
  linkedinUrl: 'linkedin_url',
  facebookUrl: 'facebook_url',
  instagramHandle: 'instagram_handle',
  state: 'state',
};

/**
 * Writes the edit's fields and updatedAt, creating the row if there is none. Absent keys leave their
 * column untouched; null unsets it.
 */
async function upsertProfile(tx: SqlDriver, userId: string, edit: TUpdateProfileRequest, updatedAt: Date): Promise<ProfileRow> {
  const columns: string[] = [];
  const values: unknown[] = [userId, updatedAt];
  for (const key of Object.keys(EDIT_COLUMNS) as (keyof TUpdateProfileRequest)[]) {
    if (edit[key] === undefined) continue;
    columns.push(EDIT_COLUMNS[key]);
    values.push(edit[key]);
  }
  const placeholders = columns.map((_, i) => `$${i + 3}`);
  const updates = [...columns, 'updated_at'].map((column) => `${column} = excluded.${column}`);
  const [row] = await tx.query<ProfileRow>(
    `INSERT INTO account.profiles (user_id, updated_at${columns.map((c) => `, ${c}`).join('')})
     VALUES ($1::uuid, $2${placeholders.map((p) => `, ${p}`).join('')})
     ON CONFLICT (user_id) DO UPDATE SET ${updates.join(', ')}
     RETURNING ${PROFILE_COLUMNS}`,
    values,
  );
  return row!;
}

export async function updateProfile(ctx: AccountContext, userId: string, edit: TUpdateProfileRequest): Promise<TProfileFields> {
  const profile = await ctx.db.transaction(async (tx) => {
    await assertUserExists(tx, userId);
    const [held] = await tx.query<{ updated_at: Date | string }>('SELECT updated_at FROM account.profiles WHERE user_id = $1::uuid FOR UPDATE', [userId]);
    const now = ctx.platform.clock.now();
    const heldAt = held ? new Date(held.updated_at).getTime() : Number.NEGATIVE_INFINITY;
    const updatedAt = heldAt >= now.getTime() ? new Date(heldAt + 1) : now;
    // Upsert: an edit may arrive before the user.registered event has created the row.
    const row = await upsertProfile(tx, userId, edit, updatedAt);
    const fields = toProfileFields(row);
    const { id: _id, ...publicFields } = fields;
    await emitProfileUpdated(tx, { userId, ...publicFields, updatedAt: row.updatedAt.toISOString() });
    if (fields.state !== null) await reannouncePrivacy(tx, userId, ctx.platform.clock.now());
    return fields;
  });
  return profile;
}

/**
 * The settings row is read FOR SHARE, so a visibility change under way commits first (and this one
 * is dated after it) or waits for this commit (and is dated after this one): consumers keep the
 * latest changedAt, which is then the latest visibility.
 */
async function reannouncePrivacy(tx: SqlDriver, userId: string, now: Date): Promise<void> {
  const [stored] = await tx.query<SettingsRow>(`SELECT ${SETTINGS_COLUMNS} FROM account.settings WHERE user_id = $1::uuid FOR SHARE`, [userId]);
  if (!stored) return; // No settings yet: the defaults (public) are what every consumer assumes.
  const { profileVisibility, activityVisibility } = toSettingsView(stored);
  await emitPrivacyChanged(tx, { userId, profileVisibility, activityVisibility, changedAt: now.toISOString() });
}
