// social's part of GET /api/account/stats (contracts' ACCOUNT_COUNT_OWNERS): how many activities the
// user has on record, private or not (the owner is asking), and their followers and following, from
// the network state row the edges keep (no row yet: nobody followed and they followed nobody).
import type { ACCOUNT_COUNT_REQUESTS, ReplyPayload } from '@civic/contracts';
import type { SocialContext } from '../context.ts';

export async function countSocialData(ctx: SocialContext, userId: string): Promise<ReplyPayload<typeof ACCOUNT_COUNT_REQUESTS.social>> {
  const [activitiesCount, network] = await Promise.all([
    ctx.db.activity.count({ where: { userId } }),
    ctx.db.userNetwork.findUnique({ where: { userId }, select: { followers: true, following: true } }),
  ]);
  return { activitiesCount, followersCount: network?.followers ?? 0, followingCount: network?.following ?? 0 };
}
