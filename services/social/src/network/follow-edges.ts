// POST and DELETE /api/users/{id}/follow (spec 4 "Follow"); a block cuts edges in block_user (blocks.ts).
// One call of follow_user / unfollow_user (prisma/functions) locks both users in id order, writes the
// edge (its primary key makes a duplicate impossible) and moves the counts; the events go through
// the kit's outbox in the same transaction. Two round trips, not an interactive transaction, so a
// follow holds a pooled connection briefly (docs/benchmarks.md). A repeated follow publishes nothing.
import { randomUUID } from 'node:crypto';
import type { TFollowResponse } from '@civic/contracts';
import { NETWORK_MESSAGES, socialEvents } from '@civic/contracts';
import { AccountDeleted } from '@civic/service-kit';
import { buildOutboxRows, insertOutboxRows } from '@civic/service-kit/events';
import type { SocialContext } from '../context.ts';
import { socialErasureGuard } from '../data-rights/erasure-guard.ts';
import { FollowBlocked, FollowSelf, NetworkUserNotFound } from '../errors.ts';

export interface FollowEdge {
  followerId: string;
  followeeId: string;
}

/** What follow_user and unfollow_user answer (see their files). */
interface EdgeWrite {
  status: 'followed' | 'unfollowed' | 'unchanged' | 'blocked' | 'deleted' | 'unknown';
  followers: number;
  following: number;
  followee_following: number;
  followee_recruited: number;
  followee_version: number;
  follower_followers: number;
  follower_recruited: number;
  follower_version: number;
}

const ANSWER =
  'status, followers, following, followee_following, followee_recruited, followee_version, follower_followers, follower_recruited, follower_version';
const FOLLOW = `SELECT ${ANSWER} FROM social.follow_user($1::int, $2::uuid, $3::uuid, $4::timestamptz, $5::uuid, $6::uuid)`;
const UNFOLLOW = `SELECT ${ANSWER} FROM social.unfollow_user($1::int, $2::uuid, $3::uuid)`;

/**
 * The outbox rows of an edge the function changed, in the order the interactive transaction wrote
 * them: each CountsChanged with its user's state row as the function answered it.
 */
function outboxRowsOf(edge: FollowEdge, following: boolean, at: Date, write: EdgeWrite) {
  const changedAt = at.toISOString();
  const opts = { occurredAt: at };
  const counts = buildOutboxRows(
    socialEvents.CountsChanged,
    [
      {
        userId: edge.followeeId,
        followers: write.followers,
        following: write.followee_following,
        recruited: write.followee_recruited,
        version: write.followee_version,
        changedAt,
      },
      {
        userId: edge.followerId,
        followers: write.follower_followers,
        following: write.following,
        recruited: write.follower_recruited,
        version: write.follower_version,
        changedAt,
      },
    ],
    [opts, opts],
  ).rows;
  const [changed] = buildOutboxRows(socialEvents.FollowChanged, [{ ...edge, following, changedAt }], [opts]).rows;
  return following ? [...counts, changed!] : [changed!, ...counts];
}

/** The function's call, then (when it changed the edge) its events through the kit's outbox, in one transaction. */
async function writeEdge(ctx: SocialContext, edge: FollowEdge, following: boolean, at: Date, call: { text: string; params: unknown[] }, name: string) {
  const changed = following ? 'followed' : 'unfollowed';
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx.query<EdgeWrite>(call.text, call.params, name);
    if (found?.status === changed) await insertOutboxRows(tx, socialErasureGuard.schema, outboxRowsOf(edge, following, at, found));
    return found;
  });
}

function answer(isFollowing: boolean, write: EdgeWrite | undefined): TFollowResponse {
  switch (write!.status) {
    case 'deleted':
      throw new AccountDeleted();
    case 'unknown':
      throw new NetworkUserNotFound();
    case 'blocked':
      throw new FollowBlocked();
  }
  return {
    message: isFollowing ? NETWORK_MESSAGES.followed : NETWORK_MESSAGES.unfollowed,
    isFollowing,
    followers: write!.followers,
    following: write!.following,
  };
}

export async function follow(ctx: SocialContext, followerId: string, followeeId: string): Promise<TFollowResponse> {
  if (followerId === followeeId) throw new FollowSelf();
  const at = ctx.platform.clock.now();
  const params = [socialErasureGuard.lockClass, followerId, followeeId, at.toISOString(), randomUUID(), randomUUID()];
  const write = await writeEdge(ctx, { followerId, followeeId }, true, at, { text: FOLLOW, params }, 'social_follow_user');
  return answer(true, write);
}

export async function unfollow(ctx: SocialContext, followerId: string, followeeId: string): Promise<TFollowResponse> {
  if (followerId === followeeId) throw new FollowSelf();
  const at = ctx.platform.clock.now();
  const params = [socialErasureGuard.lockClass, followerId, followeeId];
  const write = await writeEdge(ctx, { followerId, followeeId }, false, at, { text: UNFOLLOW, params }, 'social_unfollow_user');
  return answer(false, write);
}
