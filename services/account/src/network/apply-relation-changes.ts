// Keeps account's copy of follow edges and blocks (the profile's isFollowing, isBlocked and
// isBlockedBy; who Discover leaves out) from social's events, in the consumer's transaction. Per pair
// the latest change wins: by changedAt for follows (FollowChanged has no version), by the blocker's
// version for blocks. Pairs with a deleted user are never made again.
import type { EventPayload, socialEvents } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';

const NEITHER_DELETED = 'NOT EXISTS (SELECT 1 FROM account.deleted_users WHERE user_id IN ($1::uuid, $2::uuid))';

export async function applyFollowChange(tx: SqlDriver, p: EventPayload<typeof socialEvents.FollowChanged>): Promise<void> {
  await tx.execute(
    `INSERT INTO account.follows (follower_id, followee_id, following, changed_at)
     SELECT $1::uuid, $2::uuid, $3::boolean, $4::timestamptz WHERE ${NEITHER_DELETED}
     ON CONFLICT (follower_id, followee_id) DO UPDATE SET following = excluded.following, changed_at = excluded.changed_at
     WHERE account.follows.changed_at < excluded.changed_at`,
    [p.followerId, p.followeeId, p.following, p.changedAt],
  );
}

export async function applyBlockChange(tx: SqlDriver, p: EventPayload<typeof socialEvents.BlockChanged>): Promise<void> {
  await tx.execute(
    `INSERT INTO account.blocks (blocker_id, blocked_id, blocked, version)
     SELECT $1::uuid, $2::uuid, $3::boolean, $4::int WHERE ${NEITHER_DELETED}
     ON CONFLICT (blocker_id, blocked_id) DO UPDATE SET blocked = excluded.blocked, version = excluded.version
     WHERE account.blocks.version < excluded.version`,
    [p.blockerId, p.blockedId, p.blocked, p.version],
  );
}

/** Account erasure: the user's standing and every edge and block on either side go. */
export async function eraseNetworkReadModels(tx: SqlDriver, userId: string): Promise<void> {
  await tx.execute('DELETE FROM account.standings WHERE user_id = $1::uuid', [userId]);
  await tx.execute('DELETE FROM account.follows WHERE follower_id = $1::uuid OR followee_id = $1::uuid', [userId]);
  await tx.execute('DELETE FROM account.blocks WHERE blocker_id = $1::uuid OR blocked_id = $1::uuid', [userId]);
}
