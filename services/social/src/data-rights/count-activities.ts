// social's part of GET /api/account/stats (contracts' ACCOUNT_COUNT_OWNERS): how many activities the
// user has on record, private or not (the owner is asking).
import type { ACCOUNT_COUNT_REQUESTS, ReplyPayload } from '@civic/contracts';
import type { SocialContext } from '../context.ts';

export async function countSocialData(ctx: SocialContext, userId: string): Promise<ReplyPayload<typeof ACCOUNT_COUNT_REQUESTS.social>> {
  return { activitiesCount: await ctx.db.activity.count({ where: { userId } }) };
}
