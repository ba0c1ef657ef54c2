// A profile as `viewerId` may see it, or null when there is no such user.
import { isUuid } from '@civic/contracts';
import type { TProfile } from '@civic/contracts';
import type { AccountContext } from '../context.ts';
import { DEFAULT_SETTINGS } from '../settings/default-settings.ts';
import { toProfileFields } from './profile-fields.ts';
import { PROFILE_COLUMNS, type ProfileRow } from './profile-row.ts';
import { readRelation, readStanding } from '../network/read-profile-network.ts';
import { toProfileView, type Visibility } from './profile-view.ts';

export async function getProfile(ctx: AccountContext, userId: string, viewerId: string): Promise<TProfile | null> {
  // Anything that is not a UUID names no user: a 404, not a database error.
  if (!isUuid(userId)) return null;
  const [[profile], [settings], standing, relation] = await Promise.all([
    ctx.db.query<ProfileRow>(`SELECT ${PROFILE_COLUMNS} FROM account.profiles WHERE user_id = $1::uuid`, [userId]),
    ctx.db.query<{ profileVisibility: string }>('SELECT profile_visibility AS "profileVisibility" FROM account.settings WHERE user_id = $1::uuid', [userId]),
    readStanding(ctx, userId),
    readRelation(ctx, viewerId, userId),
  ]);
  if (!profile) return null;
  const visibility = (settings?.profileVisibility ?? DEFAULT_SETTINGS.profileVisibility) as Visibility;
  return toProfileView(toProfileFields(profile), viewerId, visibility, { standing, relation });
}
