// DELETE /api/activities/clear (spec 2.11 "clear activity history"): the caller's activities go, and
// only theirs. Events already consumed stay in the inbox, so a redelivery does not bring one back.
import type { SocialContext } from '../context.ts';
import { lockUserExclusive } from '../data-rights/deleted-users.ts';

export async function clearActivities(ctx: SocialContext, userId: string): Promise<number> {
  return ctx.db.$transaction(async (tx) => {
    // An activity being recorded right now commits first and is cleared with the rest.
    await lockUserExclusive(tx, userId);
    return tx.$executeRawUnsafe('DELETE FROM social.activities WHERE user_id = $1::uuid', userId);
  });
}
