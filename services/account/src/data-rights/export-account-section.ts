// The account service's section of the export: the profile and the settings as stored.
import type { ReplyPayload } from '@civic/contracts';
import type { EXPORT_REQUESTS } from '@civic/contracts';
import type { AccountContext } from '../context.ts';
import { toProfileFields } from '../profiles/profile-fields.ts';
import { PROFILE_COLUMNS, type ProfileRow } from '../profiles/profile-row.ts';
import { SETTINGS_COLUMNS, type SettingsRow } from '../settings/settings-row.ts';
import { toSettingsView } from '../settings/settings-view.ts';

export async function exportAccountSection(ctx: AccountContext, userId: string): Promise<ReplyPayload<typeof EXPORT_REQUESTS.account>> {
  const [[profile], [settings]] = await Promise.all([
    ctx.db.query<ProfileRow>(`SELECT ${PROFILE_COLUMNS} FROM account.profiles WHERE user_id = $1::uuid`, [userId]),
    ctx.db.query<SettingsRow>(`SELECT ${SETTINGS_COLUMNS} FROM account.settings WHERE user_id = $1::uuid`, [userId]),
  ]);
  let profileSection = null;
  if (profile) {
    const { id: _id, ...fields } = toProfileFields(profile);
    profileSection = { ...fields, updatedAt: profile.updatedAt.toISOString() };
  }
  return { profile: profileSection, settings: settings ? toSettingsView(settings) : null };
}
