// The follower's `follow` activity (spec 3 "Activity"), written in the follow's own transaction (the
// act happens in social, so no event is needed). It lives as long as the edge: an unfollow, a block
// or an erasure that cuts the edge removes it, so a profile never shows "Followed X" for someone the
// citizen no longer follows (or blocked), and following, unfollowing and following again shows one
// entry, not a pile of them.
import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from '@civic/service-kit/events';
import { describeFollow } from '../activities/describe-activity.ts';

export async function recordFollowActivity(tx: SqlExecutor, followerId: string, followeeId: string, at: string): Promise<void> {
  const [followee] = await tx.$queryRawUnsafe<{ first_name: string | null; last_name: string | null }[]>(
    'SELECT first_name, last_name FROM social.members WHERE user_id = $1::uuid',
    followeeId,
  );
  await tx.$executeRawUnsafe(
    `INSERT INTO social.activities (id, user_id, type, description, subject_id, source_event_id, created_at)
     VALUES ($1::uuid, $2::uuid, 'follow', $3, $4::uuid, $5::uuid, $6::timestamptz)`,
    randomUUID(),
    followerId,
    describeFollow(followee?.first_name ?? null, followee?.last_name ?? null),
    followeeId,
    randomUUID(),
    at,
  );
}

export async function forgetFollowActivity(tx: SqlExecutor, followerId: string, followeeId: string): Promise<void> {
  await tx.$executeRawUnsafe(`DELETE FROM social.activities WHERE type = 'follow' AND user_id = $1::uuid AND subject_id = $2::uuid`, followerId, followeeId);
}
