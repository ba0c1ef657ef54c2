// POST and DELETE /api/users/{id}/block (spec 4 "Block"). A block cuts the follow edges both ways and
// stands in the way of new ones (follow-edges.ts checks it under the same state locks). Idempotent:
// blocking twice or unblocking someone not blocked changes nothing and publishes nothing. Each real
// change moves the blocker's version (BlockChanged carries it, so a consumer keeps the newest state
// per pair); the blocked user's version moves only when their counts do.
import type { TBlockResponse } from '@civic/contracts';
import { NETWORK_MESSAGES } from '@civic/contracts';
import type { SocialContext } from '../context.ts';
import { NETWORK_TRANSACTION } from '../db.ts';
import { BlockSelf } from '../errors.ts';
import { emitBlockChanged } from '../events.ts';
import { countsDeltaOf, cutEdges } from './follow-edges.ts';
import { guardPair } from './network-members.ts';
import { changeNetworkState, lockNetworkStates, type NetworkState } from './network-state.ts';

function answer(isBlocked: boolean, blocker: NetworkState): TBlockResponse {
  return {
    message: isBlocked ? NETWORK_MESSAGES.blocked : NETWORK_MESSAGES.unblocked,
    isBlocked,
    followers: blocker.followers,
    following: blocker.following,
  };
}

export async function block(ctx: SocialContext, blockerId: string, blockedId: string): Promise<TBlockResponse> {
  if (blockerId === blockedId) throw new BlockSelf();
  const at = ctx.platform.clock.now().toISOString();
  return ctx.db.$transaction(async (tx) => {
    await guardPair(tx, blockerId, blockedId);
    const states = await lockNetworkStates(tx, [blockerId, blockedId]);
    const made = await tx.$executeRawUnsafe(
      'INSERT INTO social.blocks (blocker_id, blocked_id, created_at) VALUES ($1::uuid, $2::uuid, $3::timestamptz) ON CONFLICT DO NOTHING',
      blockerId,
      blockedId,
      at,
    );
    if (made === 0) return answer(true, states.get(blockerId)!);
    const cut = await cutEdges(
      tx,
      [
        { followerId: blockerId, followeeId: blockedId },
        { followerId: blockedId, followeeId: blockerId },
      ],
      at,
    );
    const deltas = countsDeltaOf(cut);
    const blocker = await changeNetworkState(tx, blockerId, deltas.get(blockerId) ?? {}, at);
    if (deltas.has(blockedId)) await changeNetworkState(tx, blockedId, deltas.get(blockedId)!, at);
    await emitBlockChanged(tx, { blockerId, blockedId, blocked: true, version: blocker.version, changedAt: at });
    return answer(true, blocker);
  }, NETWORK_TRANSACTION);
}

export async function unblock(ctx: SocialContext, blockerId: string, blockedId: string): Promise<TBlockResponse> {
  if (blockerId === blockedId) throw new BlockSelf();
  const at = ctx.platform.clock.now().toISOString();
  return ctx.db.$transaction(async (tx) => {
    await guardPair(tx, blockerId, blockedId);
    const states = await lockNetworkStates(tx, [blockerId, blockedId]);
    const gone = await tx.$executeRawUnsafe('DELETE FROM social.blocks WHERE blocker_id = $1::uuid AND blocked_id = $2::uuid', blockerId, blockedId);
    if (gone === 0) return answer(false, states.get(blockerId)!);
    // The edges the block cut stay cut: following again is each one's own choice.
    const blocker = await changeNetworkState(tx, blockerId, {}, at);
    await emitBlockChanged(tx, { blockerId, blockedId, blocked: false, version: blocker.version, changedAt: at });
    return answer(false, blocker);
  }, NETWORK_TRANSACTION);
}
