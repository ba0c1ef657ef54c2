// The three ways activities are read, newest first (spec 2.5, 2.9, 2.10). Who may see what:
// - one's own activities, always, whatever their visibility;
// - another user's, only while that user's activity visibility is public (the kit's privateActorSql,
//   SECURITY 31) and neither one blocked the other (the answer says which hid them);
// - the network feed: the public activities of the users the caller follows, never of someone
//   blocked either way (a block cuts the edges, and the feed checks the blocks as well, so a
//   block is never a matter of which write came first), read from the caller's timeline.
import type { TActivity, TUserActivities } from '@civic/contracts';
import { privateActorSql } from '@civic/service-kit';
import type { SocialContext } from '../context.ts';
import { toActivityView, type ActivityRow } from './activity-view.ts';

const SELECT_ACTIVITIES = `SELECT a.id, a.type, a.description, a.created_at, a.user_id, m.first_name, m.last_name, m.profile_image_url
  FROM social.activities a LEFT JOIN social.members m ON m.user_id = a.user_id`;
const NEWEST_FIRST = 'ORDER BY a.created_at DESC, a.id DESC';

async function activitiesOf(ctx: SocialContext, userId: string, limit: number): Promise<TActivity[]> {
  const rows = await ctx.db.query<ActivityRow>(`${SELECT_ACTIVITIES} WHERE a.user_id = $1::uuid ${NEWEST_FIRST} LIMIT $2::int`, [userId, limit]);
  return rows.map(toActivityView);
}

export function listOwnActivities(ctx: SocialContext, userId: string, limit: number): Promise<TActivity[]> {
  return activitiesOf(ctx, userId, limit);
}

/**
 * The network feed's query ($1 the viewer, $2 the limit): one call of social.network_feed
 * (prisma/functions/network_feed.sql), which reads the viewer's timeline (fan-out on write) and
 * merges in the wide followees' activities; the network benchmark explains it too.
 */
export const NETWORK_FEED_SQL = 'SELECT * FROM social.network_feed($1::uuid, $2::int)';

export async function listNetworkActivities(ctx: SocialContext, viewerId: string, limit: number): Promise<TActivity[]> {
  // A member social has not heard from yet has the default visibility, public (spec 3 "Settings").
  // A prepared statement, as follows are: the hottest read is planned once per connection.
  const rows = await ctx.db.query<ActivityRow>(NETWORK_FEED_SQL, [viewerId, limit], 'social_network_feed');
  return rows.map(toActivityView);
}

export async function listUserActivities(ctx: SocialContext, userId: string, viewerId: string, limit: number): Promise<TUserActivities> {
  if (userId !== viewerId) {
    const [seen] = await ctx.db.query<{ private: boolean; blocked: boolean }>(
      `SELECT COALESCE((SELECT ${privateActorSql('m')} FROM social.members m WHERE m.user_id = $1::uuid), false) AS private,
              EXISTS (SELECT 1 FROM social.blocks b WHERE (b.blocker_id = $1::uuid AND b.blocked_id = $2::uuid)
                                                     OR (b.blocker_id = $2::uuid AND b.blocked_id = $1::uuid)) AS blocked`,
      [userId, viewerId],
    );
    if (seen!.blocked) return { activities: [], isPrivate: seen!.private, hiddenBecause: 'blocked' };
    if (seen!.private) return { activities: [], isPrivate: true, hiddenBecause: 'private' };
  }
  return { activities: await activitiesOf(ctx, userId, limit), isPrivate: false, hiddenBecause: null };
}
