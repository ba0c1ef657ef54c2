// DELETE /api/activities/clear (spec 2.11 "clear activity history"): the caller's activities go, and
// only theirs. Events already consumed stay in the inbox, so a redelivery does not bring one back.
import type { SocialContext } from '../context.ts';

export async function clearActivities(ctx: SocialContext, userId: string): Promise<number> {
  const { count } = await ctx.db.activity.deleteMany({ where: { userId } });
  return count;
}
