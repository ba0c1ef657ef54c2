// The follower's `follow` activity (spec 3 "Activity"), written in the follow's own statement by the
// SQL function follow_user (prisma/functions/follow_user.sql; the act happens in social, so no
// event is needed). It lives as long as the edge: an unfollow (unfollow_user), a block or an erasure
// that cuts the edge removes it, so a profile never shows "Followed X" for someone the citizen no
// longer follows (or blocked), and following, unfollowing and following again shows one entry, not
// a pile of them.
import type { SqlExecutor } from '@civic/service-kit/events';

export async function forgetFollowActivity(tx: SqlExecutor, followerId: string, followeeId: string): Promise<void> {
  await tx.$executeRawUnsafe(`DELETE FROM social.activities WHERE type = 'follow' AND user_id = $1::uuid AND subject_id = $2::uuid`, followerId, followeeId);
}
