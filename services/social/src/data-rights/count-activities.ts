// social's part of GET /api/account/stats (contracts' ACCOUNT_COUNT_OWNERS): how many activities the
// user has on record, private or not (the owner is asking), and their followers and following, from
// the network state row the edges keep (no row yet: nobody followed and they followed nobody).
import type { ACCOUNT_COUNT_REQUESTS, ReplyPayload } from '@civic/contracts';
import type { SocialContext } from '../context.ts';

interface CountsRow {
  activitiesCount: number;
  followersCount: number;
  followingCount: number;
}

export async function countSocialData(ctx: SocialContext, userId: string): Promise<ReplyPayload<typeof ACCOUNT_COUNT_REQUESTS.social>> {
  const [row] = await ctx.db.query<CountsRow>(
    `SELECT (SELECT count(*)::int FROM social.activities WHERE user_id = $1::uuid) AS "activitiesCount",
            coalesce((SELECT followers FROM social.user_network WHERE user_id = $1::uuid), 0) AS "followersCount",
            coalesce((SELECT following FROM social.user_network WHERE user_id = $1::uuid), 0) AS "followingCount"`,
    [userId],
  );
  return { activitiesCount: row!.activitiesCount, followersCount: row!.followersCount, followingCount: row!.followingCount };
}
