// The three ways activities are read, newest first (spec 2.5, 2.9, 2.10). Who may see what:
// - one's own activities, always, whatever their visibility;
// - another user's, only while that user's activity visibility is public;
// - the network feed: other users' public activities. Until follows exist everyone else is the
//   network; the follow slice narrows it to the users the caller follows (and leaves out blocks).
import type { TActivity, TUserActivities } from '@civic/contracts';
import type { SocialContext } from '../context.ts';
import { toActivityView, type ActivityRow } from './activity-view.ts';

const SELECT_ACTIVITIES = `SELECT a.id, a.type, a.description, a.created_at, a.user_id, m.first_name, m.last_name, m.profile_image_url
  FROM social.activities a LEFT JOIN social.members m ON m.user_id = a.user_id`;
const NEWEST_FIRST = 'ORDER BY a.created_at DESC, a.id DESC';

async function activitiesOf(ctx: SocialContext, userId: string, limit: number): Promise<TActivity[]> {
  const rows = await ctx.db.$queryRawUnsafe<ActivityRow[]>(`${SELECT_ACTIVITIES} WHERE a.user_id = $1::uuid ${NEWEST_FIRST} LIMIT $2::int`, userId, limit);
  return rows.map(toActivityView);
}

export function listOwnActivities(ctx: SocialContext, userId: string, limit: number): Promise<TActivity[]> {
  return activitiesOf(ctx, userId, limit);
}

export async function listNetworkActivities(ctx: SocialContext, viewerId: string, limit: number): Promise<TActivity[]> {
  // A member social has not heard from yet has the default visibility, public (spec 3 "Settings").
  const rows = await ctx.db.$queryRawUnsafe<ActivityRow[]>(
    `${SELECT_ACTIVITIES}
     WHERE a.user_id <> $1::uuid AND COALESCE(m.activity_visibility, 'public') = 'public'
     ${NEWEST_FIRST} LIMIT $2::int`,
    viewerId,
    limit,
  );
  return rows.map(toActivityView);
}

export async function listUserActivities(ctx: SocialContext, userId: string, viewerId: string, limit: number): Promise<TUserActivities> {
  if (userId !== viewerId) {
    const member = await ctx.db.member.findUnique({ where: { userId }, select: { activityVisibility: true } });
    if (member?.activityVisibility === 'private') return { activities: [], isPrivate: true };
  }
  return { activities: await activitiesOf(ctx, userId, limit), isPrivate: false };
}
