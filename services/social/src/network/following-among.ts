// GET /api/network/following?ids=...: which of the given citizens the caller follows, for the follow
// marks of the rows a page shows (Discover's search results come from account, which does not know
// the caller's edges as they are this instant; the first page of the following list marked only the
// 50 followed most recently). One probe of the edges' primary key per id, at most a page of them.
import type { TFollowingAmongQuery } from '@civic/contracts';
import type { SocialContext } from '../context.ts';

export async function followingAmong(ctx: SocialContext, viewerId: string, query: TFollowingAmongQuery): Promise<string[]> {
  const ids = [...new Set(query.ids.toLowerCase().split(','))];
  const rows = await ctx.db.query<{ id: string }>(
    `SELECT f.followee_id::text AS id FROM social.follows f
     WHERE f.follower_id = $1::uuid AND f.followee_id = ANY($2::uuid[])
     ORDER BY f.followee_id`,
    [viewerId, ids],
    'social_following_among',
  );
  return rows.map((row) => row.id);
}
