// The three ways activities are read, newest first (spec 2.5, 2.9, 2.10). Who may see what:
// - one's own activities, always, whatever their visibility;
// - another user's, only while that user's activity visibility is public and neither one blocked
//   the other (the answer says which hid them);
// - the network feed: the public activities of the users the caller follows, never of someone
//   blocked either way (a block cuts the edges, and the feed checks the blocks as well, so a
//   block is never a matter of which write came first).
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

/**
 * The network feed's query ($1 the viewer, $2 the limit); the network benchmark explains it too.
 *
 * The first shape (join the followees' activities, sort, take `limit`) made the planner hash-join all
 * the activities with all the members: ~850 ms for a citizen who follows 1,000 people among the
 * benchmark's 100,000 citizens and 1,000,000 activities (docs/benchmarks.md). Instead: the first
 * `limit` activities of the feed, in (created_at, id) order, come from at most `limit` followees, and
 * those are among the `limit` followees whose own newest activity is newest, ties at the last place
 * included (if u's activity x is in the feed, every followee whose newest activity is newer than x
 * has an activity in the feed before x, so fewer than `limit` of them rank above u). So: each
 * visible followee's newest time (an index-only probe each on activities (user_id, created_at DESC);
 * ranking by the id as well would read every activity from the heap), the `limit` newest of those
 * WITH TIES, their `limit` newest activities each, and the first `limit` of these: ~12 ms there.
 * Who is visible is decided per followee (activity visibility, blocks either way), as before: the
 * visibility by a probe of the member's row (a join let the planner hash all the members), the
 * blocks from the viewer's blocked-either-way list read once (not two index probes per followee).
 */
export const NETWORK_FEED_SQL = `WITH visible AS (
       SELECT f.followee_id AS user_id FROM social.follows f
       WHERE f.follower_id = $1::uuid
         AND COALESCE((SELECT m.activity_visibility FROM social.members m WHERE m.user_id = f.followee_id), 'public') = 'public'
         AND f.followee_id NOT IN (SELECT b.blocked_id FROM social.blocks b WHERE b.blocker_id = $1::uuid
                                   UNION ALL SELECT b.blocker_id FROM social.blocks b WHERE b.blocked_id = $1::uuid)
     ), newest AS (
       SELECT v.user_id FROM visible v
       CROSS JOIN LATERAL (SELECT a.created_at FROM social.activities a WHERE a.user_id = v.user_id ORDER BY a.created_at DESC LIMIT 1) l
       ORDER BY l.created_at DESC FETCH FIRST ($2::int) ROWS WITH TIES
     )
     SELECT a.id, a.type, a.description, a.created_at, a.user_id, m.first_name, m.last_name, m.profile_image_url
     FROM newest n
     CROSS JOIN LATERAL (SELECT * FROM social.activities a WHERE a.user_id = n.user_id ${NEWEST_FIRST} LIMIT $2::int) a
     LEFT JOIN social.members m ON m.user_id = a.user_id
     ${NEWEST_FIRST} LIMIT $2::int`;

export async function listNetworkActivities(ctx: SocialContext, viewerId: string, limit: number): Promise<TActivity[]> {
  // A member social has not heard from yet has the default visibility, public (spec 3 "Settings").
  const rows = await ctx.db.$queryRawUnsafe<ActivityRow[]>(NETWORK_FEED_SQL, viewerId, limit);
  return rows.map(toActivityView);
}

export async function listUserActivities(ctx: SocialContext, userId: string, viewerId: string, limit: number): Promise<TUserActivities> {
  if (userId !== viewerId) {
    const [seen] = await ctx.db.$queryRawUnsafe<{ private: boolean; blocked: boolean }[]>(
      `SELECT COALESCE((SELECT activity_visibility = 'private' FROM social.members WHERE user_id = $1::uuid), false) AS private,
              EXISTS (SELECT 1 FROM social.blocks b WHERE (b.blocker_id = $1::uuid AND b.blocked_id = $2::uuid)
                                                     OR (b.blocker_id = $2::uuid AND b.blocked_id = $1::uuid)) AS blocked`,
      userId,
      viewerId,
    );
    if (seen!.blocked) return { activities: [], isPrivate: seen!.private, hiddenBecause: 'blocked' };
    if (seen!.private) return { activities: [], isPrivate: true, hiddenBecause: 'private' };
  }
  return { activities: await activitiesOf(ctx, userId, limit), isPrivate: false, hiddenBecause: null };
}
