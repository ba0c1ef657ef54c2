// The three ways activities are read, newest first (spec 2.5, 2.9, 2.10). Who may see what:
// - one's own activities, always, whatever their visibility;
// - another user's, only while that user's activity visibility is public and neither one blocked
//   the other (the answer says which hid them);
// - the network feed: the public activities of the users the caller follows, never of someone
//   blocked either way (a block cuts the edges, and the feed checks the blocks as well, so a
//   block is never a matter of which write came first), read from the caller's timeline.
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
 * Fan-out on write (migrations/20261205000003_network_timeline): the viewer's timeline already holds
 * the activities of the followees who are fanned out (fan_out_activities.sql, and follow_user.sql's copy
 * of a new followee's newest), so their part is the timeline's newest entries that still qualify:
 * the edge is there (an unfollow or a block leaves its entries behind), the actor's activity is
 * public, neither blocked the other, the activity still exists. The wide followees (not fan_out,
 * from 1,000 followers on) are merged in from the activities as the feed was read before: each
 * one's newest time (an index-only probe), the `limit` newest of those WITH TIES (if u's activity x
 * is in the feed, every wide followee whose newest is newer than x has one before it, so fewer
 * than `limit` rank above u), their `limit` newest each. The first `limit` of both, newest first.
 * Reading every followee's newest at read time cost ~7-12 ms for 1,000 followees (docs/benchmarks.md);
 * this reads a few dozen timeline entries and a probe per wide account.
 */
export const NETWORK_FEED_SQL = `WITH hidden AS (
       SELECT b.blocked_id AS user_id FROM social.blocks b WHERE b.blocker_id = $1::uuid
       UNION ALL SELECT b.blocker_id FROM social.blocks b WHERE b.blocked_id = $1::uuid
     ), fanned AS (
       SELECT t.activity_id AS id FROM social.network_timeline t
       WHERE t.reader_id = $1::uuid
         AND EXISTS (SELECT 1 FROM social.follows f WHERE f.follower_id = $1::uuid AND f.followee_id = t.actor_id)
         AND COALESCE((SELECT m.activity_visibility FROM social.members m WHERE m.user_id = t.actor_id), 'public') = 'public'
         AND t.actor_id NOT IN (SELECT h.user_id FROM hidden h)
         AND EXISTS (SELECT 1 FROM social.activities a WHERE a.id = t.activity_id)
       ORDER BY t.created_at DESC, t.activity_id DESC LIMIT $2::int
     ), wide AS (
       SELECT n.user_id FROM social.user_network n
       WHERE NOT n.fan_out
         AND EXISTS (SELECT 1 FROM social.follows f WHERE f.follower_id = $1::uuid AND f.followee_id = n.user_id)
         AND COALESCE((SELECT m.activity_visibility FROM social.members m WHERE m.user_id = n.user_id), 'public') = 'public'
         AND n.user_id NOT IN (SELECT h.user_id FROM hidden h)
     ), newest_wide AS (
       SELECT w.user_id FROM wide w
       CROSS JOIN LATERAL (SELECT a.created_at FROM social.activities a WHERE a.user_id = w.user_id ORDER BY a.created_at DESC LIMIT 1) l
       ORDER BY l.created_at DESC FETCH FIRST ($2::int) ROWS WITH TIES
     ), pulled AS (
       SELECT a.id FROM newest_wide w
       CROSS JOIN LATERAL (SELECT a.id FROM social.activities a WHERE a.user_id = w.user_id ${NEWEST_FIRST} LIMIT $2::int) a
     )
     ${SELECT_ACTIVITIES}
     WHERE a.id IN (SELECT id FROM fanned UNION SELECT id FROM pulled)
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
