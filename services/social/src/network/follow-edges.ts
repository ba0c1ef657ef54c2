// POST and DELETE /api/users/{id}/follow (spec 4 "Follow"); a block cuts edges in block_user (blocks.ts).
// A follow or an unfollow is one call of a SQL function (prisma/functions/follow_user.sql,
// unfollow_user.sql) on a prepared statement, in that statement's transaction: both users' erasure
// locks, both state rows locked in id order, the edge (its primary key makes a duplicate impossible
// whatever runs at once), the counts moved under the locks, FollowChanged and CountsChanged in the
// outbox, and the follower's activity. One round trip instead of an interactive transaction of ~16,
// so a follow holds a pooled connection for one wait, not sixteen (docs/benchmarks.md, issue 18).
// A follow that finds the edge already there changes nothing and publishes nothing.
import { randomUUID } from 'node:crypto';
import type { TFollowResponse } from '@civic/contracts';
import { NETWORK_MESSAGES, socialEvents } from '@civic/contracts';
import { AccountDeleted } from '@civic/service-kit';
import { buildOutboxRows } from '@civic/service-kit/events';
import type { SocialContext } from '../context.ts';
import { socialErasureGuard } from '../data-rights/erasure-guard.ts';
import { FollowBlocked, FollowSelf, NetworkUserNotFound } from '../errors.ts';
import { FOLLOW_STATEMENTS } from '../events.ts';

export interface FollowEdge {
  followerId: string;
  followeeId: string;
}

/** What follow_user and unfollow_user answer (see their files). */
interface EdgeWrite {
  status: 'followed' | 'unfollowed' | 'unchanged' | 'blocked' | 'deleted' | 'unknown';
  followers: number;
  following: number;
}

const FOLLOW = 'SELECT status, followers, following FROM social.follow_user($1::int, $2::uuid, $3::uuid, $4::timestamptz, $5::uuid, $6::uuid, $7::jsonb)';
const UNFOLLOW = 'SELECT status, followers, following FROM social.unfollow_user($1::int, $2::uuid, $3::uuid, $4::jsonb)';

/**
 * The outbox rows of one edge change, in the order the interactive transaction wrote them. The
 * CountsChanged payloads carry placeholder counts (valid for the schema's check); the SQL function
 * sets each one's counts and version from the state row it changed.
 */
function outboxRowsOf(edge: FollowEdge, following: boolean, at: Date) {
  const changedAt = at.toISOString();
  const opts = { occurredAt: at };
  const counts = buildOutboxRows(
    socialEvents.CountsChanged,
    [edge.followeeId, edge.followerId].map((userId) => ({ userId, followers: 0, following: 0, recruited: 0, version: 1, changedAt })),
    [opts, opts],
  ).rows;
  const [changed] = buildOutboxRows(socialEvents.FollowChanged, [{ ...edge, following, changedAt }], [opts]).rows;
  return following ? [...counts, changed] : [changed, ...counts];
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
  const outbox = outboxRowsOf({ followerId, followeeId }, true, at);
  const [write] = await ctx.sql.query<EdgeWrite>(
    FOLLOW,
    [socialErasureGuard.lockClass, followerId, followeeId, at.toISOString(), randomUUID(), randomUUID(), JSON.stringify(outbox)],
    FOLLOW_STATEMENTS.follow,
  );
  return answer(true, write);
}

export async function unfollow(ctx: SocialContext, followerId: string, followeeId: string): Promise<TFollowResponse> {
  if (followerId === followeeId) throw new FollowSelf();
  const at = ctx.platform.clock.now();
  const outbox = outboxRowsOf({ followerId, followeeId }, false, at);
  const [write] = await ctx.sql.query<EdgeWrite>(
    UNFOLLOW,
    [socialErasureGuard.lockClass, followerId, followeeId, JSON.stringify(outbox)],
    FOLLOW_STATEMENTS.unfollow,
  );
  return answer(false, write);
}
