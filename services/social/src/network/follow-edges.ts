// POST and DELETE /api/users/{id}/follow (spec 4 "Follow"), and the cutting of edges a block or an
// erasure does. In one transaction: both users' erasure locks, both state rows locked in id order,
// the edge (its primary key makes a duplicate impossible whatever runs at once), the counts moved
// under the locks, FollowChanged and CountsChanged in the outbox, and the follower's activity. A
// follow that finds the edge already there changes nothing and publishes nothing.
import type { TFollowResponse } from '@civic/contracts';
import { NETWORK_MESSAGES } from '@civic/contracts';
import type { SqlExecutor } from '@civic/service-kit/events';
import type { SocialContext } from '../context.ts';
import { NETWORK_TRANSACTION } from '../db.ts';
import { FollowBlocked, FollowSelf } from '../errors.ts';
import { emitFollowChanged } from '../events.ts';
import { forgetFollowActivity, recordFollowActivity } from './follow-activity.ts';
import { blockedEitherWay, guardPair } from './network-members.ts';
import { changeNetworkState, lockNetworkStates, type NetworkState } from './network-state.ts';

export interface FollowEdge {
  followerId: string;
  followeeId: string;
}

function answer(isFollowing: boolean, followee: NetworkState, follower: NetworkState): TFollowResponse {
  return {
    message: isFollowing ? NETWORK_MESSAGES.followed : NETWORK_MESSAGES.unfollowed,
    isFollowing,
    followers: followee.followers,
    following: follower.following,
  };
}

export async function follow(ctx: SocialContext, followerId: string, followeeId: string): Promise<TFollowResponse> {
  if (followerId === followeeId) throw new FollowSelf();
  const at = ctx.platform.clock.now().toISOString();
  return ctx.db.$transaction(async (tx) => {
    await guardPair(tx, followerId, followeeId);
    const states = await lockNetworkStates(tx, [followerId, followeeId]);
    // Under the state locks, which a block takes too: a block committing now is seen here.
    if (await blockedEitherWay(tx, followerId, followeeId)) throw new FollowBlocked();
    const made = await tx.$executeRawUnsafe(
      `INSERT INTO social.follows (follower_id, followee_id, created_at) VALUES ($1::uuid, $2::uuid, $3::timestamptz) ON CONFLICT DO NOTHING`,
      followerId,
      followeeId,
      at,
    );
    if (made === 0) return answer(true, states.get(followeeId)!, states.get(followerId)!);
    const followee = await changeNetworkState(tx, followeeId, { followers: 1 }, at);
    const follower = await changeNetworkState(tx, followerId, { following: 1 }, at);
    await emitFollowChanged(tx, { followerId, followeeId, following: true, changedAt: at });
    await recordFollowActivity(tx, followerId, followeeId, at);
    return answer(true, followee, follower);
  }, NETWORK_TRANSACTION);
}

export async function unfollow(ctx: SocialContext, followerId: string, followeeId: string): Promise<TFollowResponse> {
  if (followerId === followeeId) throw new FollowSelf();
  const at = ctx.platform.clock.now().toISOString();
  return ctx.db.$transaction(async (tx) => {
    await guardPair(tx, followerId, followeeId);
    const states = await lockNetworkStates(tx, [followerId, followeeId]);
    const cut = await cutEdges(tx, [{ followerId, followeeId }], at);
    if (cut.length === 0) return answer(false, states.get(followeeId)!, states.get(followerId)!);
    const followee = await changeNetworkState(tx, followeeId, { followers: -1 }, at);
    const follower = await changeNetworkState(tx, followerId, { following: -1 }, at);
    return answer(false, followee, follower);
  }, NETWORK_TRANSACTION);
}

/**
 * Deletes those of `edges` that exist, with FollowChanged (following: false) for each and the
 * follower's follow activity; answers the edges cut. The caller has locked the state rows of every
 * user named and moves their counts (countsDeltaOf) in the same transaction.
 */
export async function cutEdges(tx: SqlExecutor, edges: readonly FollowEdge[], at: string): Promise<FollowEdge[]> {
  const cut: FollowEdge[] = [];
  for (const edge of edges) {
    const gone = await tx.$executeRawUnsafe(
      'DELETE FROM social.follows WHERE follower_id = $1::uuid AND followee_id = $2::uuid',
      edge.followerId,
      edge.followeeId,
    );
    if (gone === 0) continue;
    cut.push(edge);
    await emitFollowChanged(tx, { ...edge, following: false, changedAt: at });
    await forgetFollowActivity(tx, edge.followerId, edge.followeeId);
  }
  return cut;
}

/** How each user's counts move when `edges` are cut. */
export function countsDeltaOf(edges: readonly FollowEdge[]): Map<string, { followers: number; following: number }> {
  const deltas = new Map<string, { followers: number; following: number }>();
  const of = (id: string) => deltas.get(id) ?? deltas.set(id, { followers: 0, following: 0 }).get(id)!;
  for (const edge of edges) {
    of(edge.followerId).following -= 1;
    of(edge.followeeId).followers -= 1;
  }
  return deltas;
}
