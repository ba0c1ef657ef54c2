// social's part of account erasure (civic.account.user.deleted; docs/protocols/account-data.md), in
// the consumer's transaction: the user's rows go both ways (edges, blocks, activities naming them)
// and the counts of everyone they touched drop under their locks, with the events that say so.
// Set-based, since a citizen may have tens of thousands of followers; a redelivery changes nothing.
import { socialEvents } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { emitAll } from '../events.ts';
import type { FollowEdge } from '../network/follow-edges.ts';
import { changeNetworkState, lockNetworkStates, type NetworkState } from '../network/network-state.ts';
import { eraseRecruits, recruiterOf } from '../recruits/record-recruit.ts';
import { socialErasureGuard } from './erasure-guard.ts';

export async function eraseUser(tx: SqlDriver, userId: string, deletedAt: string): Promise<void> {
  // Waits for the writes about the user under way; later ones see the tombstone (erasure-guard.ts).
  await socialErasureGuard.lockExclusive(tx, userId);
  const at = new Date(deletedAt).toISOString();
  const edges = await tx.query<FollowEdge>(
    `SELECT follower_id::text AS "followerId", followee_id::text AS "followeeId" FROM social.follows
     WHERE follower_id = $1::uuid OR followee_id = $1::uuid`,
    [userId],
  );
  // Every state row that changes, locked in id order (network-state.ts), the user's own among them.
  // The edges cannot change meanwhile: each writer holds the user's erasure lock, shared.
  const followerIds = edges.filter((e) => e.followeeId === userId).map((e) => e.followerId);
  const followeeIds = edges.filter((e) => e.followerId === userId).map((e) => e.followeeId);
  // The recruiter of the user, if any: their `recruited` drops as the recruit goes.
  const recruiterId = await recruiterOf(tx, userId);
  await lockNetworkStates(tx, [userId, ...followerIds, ...followeeIds, ...(recruiterId ? [recruiterId] : [])]);
  if (edges.length > 0) {
    await tx.execute('DELETE FROM social.follows WHERE follower_id = $1::uuid OR followee_id = $1::uuid', [userId]);
    const changed = await tx.query<NetworkState>(
      `UPDATE social.user_network n
       SET following = n.following - (n.user_id = ANY(string_to_array($1, ',')::uuid[]))::int,
           followers = n.followers - (n.user_id = ANY(string_to_array($2, ',')::uuid[]))::int,
           version = n.version + 1
       WHERE n.user_id = ANY(string_to_array($1, ',')::uuid[]) OR n.user_id = ANY(string_to_array($2, ',')::uuid[])
       RETURNING n.user_id::text AS "userId", n.followers, n.following, n.recruited, n.version`,
      [followerIds.join(','), followeeIds.join(',')],
    );
    await emitAll(socialEvents.FollowChanged)(
      tx,
      edges.map((edge) => ({ ...edge, following: false, changedAt: at })),
    );
    await emitAll(socialEvents.CountsChanged)(
      tx,
      changed.map((state) => ({ ...state, changedAt: at })),
    );
  }
  await tx.execute('DELETE FROM social.blocks WHERE blocker_id = $1::uuid OR blocked_id = $1::uuid', [userId]);
  await tx.execute('DELETE FROM social.user_network WHERE user_id = $1::uuid', [userId]);
  await tx.execute(`DELETE FROM social.activities WHERE user_id = $1::uuid OR (type = 'follow' AND subject_id = $1::uuid)`, [userId]);
  await tx.execute('DELETE FROM social.members WHERE user_id = $1::uuid', [userId]);
  if (recruiterId) await changeNetworkState(tx, recruiterId, { recruited: -1 }, at);
  await eraseRecruits(tx, userId);
  // The tombstone's trigger (network_timeline_erased) takes the user's network timeline and every
  // entry of theirs in the others' (their activities' went with the activities just now).
  await socialErasureGuard.markDeleted(tx, userId, deletedAt);
}
