// social's part of account erasure (civic.account.user.deleted), in the consumer's transaction: the
// user's activities, member row, follow edges (both ways), blocks (both ways) and network state go,
// and the id is remembered so a late event or a racing request records nothing. A follow activity
// names the user it followed, so those go too, whoever wrote them. The counts of the people the user
// followed (followers - 1) and of those who followed them (following - 1) drop in the same
// transaction under their state rows' locks, with FollowChanged and CountsChanged for each. A
// redelivery finds nothing left and changes nothing.
import type { SqlExecutor } from '@civic/service-kit/events';
import { countsDeltaOf, cutEdges, type FollowEdge } from '../network/follow-edges.ts';
import { changeNetworkState, lockNetworkStates } from '../network/network-state.ts';
import { eraseRecruits } from '../recruits/record-recruit.ts';
import { socialErasureGuard } from './erasure-guard.ts';

export async function eraseUser(tx: SqlExecutor, userId: string, deletedAt: string): Promise<void> {
  // Waits for the writes about the user under way; later ones see the tombstone (erasure-guard.ts).
  await socialErasureGuard.lockExclusive(tx, userId);
  const edges = await tx.$queryRawUnsafe<FollowEdge[]>(
    `SELECT follower_id::text AS "followerId", followee_id::text AS "followeeId" FROM social.follows
     WHERE follower_id = $1::uuid OR followee_id = $1::uuid`,
    userId,
  );
  const neighbours = edges.map((e) => (e.followerId === userId ? e.followeeId : e.followerId));
  // Every state row that changes, locked in id order (network-state.ts), the user's own among them.
  await lockNetworkStates(tx, [userId, ...neighbours]);
  const at = new Date(deletedAt).toISOString();
  const cut = await cutEdges(tx, edges, at);
  for (const [id, delta] of countsDeltaOf(cut)) {
    if (id !== userId) await changeNetworkState(tx, id, delta, at);
  }
  await tx.$executeRawUnsafe('DELETE FROM social.blocks WHERE blocker_id = $1::uuid OR blocked_id = $1::uuid', userId);
  await tx.$executeRawUnsafe('DELETE FROM social.user_network WHERE user_id = $1::uuid', userId);
  await tx.$executeRawUnsafe(`DELETE FROM social.activities WHERE user_id = $1::uuid OR (type = 'follow' AND subject_id = $1::uuid)`, userId);
  await tx.$executeRawUnsafe('DELETE FROM social.members WHERE user_id = $1::uuid', userId);
  await eraseRecruits(tx, userId);
  await socialErasureGuard.markDeleted(tx, userId, deletedAt);
}
