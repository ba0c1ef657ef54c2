// POST and DELETE /api/users/{id}/block (spec 4 "Block"). A block or an unblock is one call of a SQL
// function (prisma/functions/block_user.sql, unblock_user.sql) on a prepared statement, in that
// statement's transaction, as a follow is (follow-edges.ts): both users' erasure locks and state
// rows in id order (lock_network_pair), the block row, the follow edges cut both ways with their
// activities, the counts moved under the locks, and the events. A block stands in the way of new
// follows (follow_user checks it under the same locks). Idempotent: blocking twice or unblocking
// someone not blocked changes nothing and publishes nothing. Each real change moves the blocker's
// version (BlockChanged carries it, so a consumer keeps the newest state per pair); the blocked
// user's version moves only when their counts do.
import type { TBlockResponse } from '@civic/contracts';
import { NETWORK_MESSAGES, socialEvents } from '@civic/contracts';
import { AccountDeleted } from '@civic/service-kit';
import { buildOutboxRows } from '@civic/service-kit/events';
import type { SocialContext } from '../context.ts';
import { socialErasureGuard } from '../data-rights/erasure-guard.ts';
import { BlockSelf, NetworkUserNotFound } from '../errors.ts';
import { BLOCK_STATEMENTS } from '../events.ts';

/** What block_user and unblock_user answer (see their files). */
interface BlockWrite {
  status: 'blocked' | 'unblocked' | 'unchanged' | 'deleted' | 'unknown';
  followers: number;
  following: number;
}

const BLOCK = 'SELECT status, followers, following FROM social.block_user($1::int, $2::uuid, $3::uuid, $4::timestamptz, $5::jsonb)';
const UNBLOCK = 'SELECT status, followers, following FROM social.unblock_user($1::int, $2::uuid, $3::uuid, $4::jsonb)';

/**
 * The BlockChanged outbox row; its version is a placeholder (valid for the schema's check) that the
 * SQL function sets to the blocker's new version.
 */
function blockRow(blockerId: string, blockedId: string, blocked: boolean, at: Date) {
  const [row] = buildOutboxRows(
    socialEvents.BlockChanged,
    [{ blockerId, blockedId, blocked, version: 1, changedAt: at.toISOString() }],
    [{ occurredAt: at }],
  ).rows;
  return row!;
}

/** Every row a block may write (block_user.sql writes those that apply, with counts and versions set). */
function blockOutbox(blockerId: string, blockedId: string, at: Date) {
  const changedAt = at.toISOString();
  const opts = { occurredAt: at };
  const [cutForward, cutBackward] = buildOutboxRows(
    socialEvents.FollowChanged,
    [
      { followerId: blockerId, followeeId: blockedId, following: false, changedAt },
      { followerId: blockedId, followeeId: blockerId, following: false, changedAt },
    ],
    [opts, opts],
  ).rows;
  const [blockerCounts, blockedCounts] = buildOutboxRows(
    socialEvents.CountsChanged,
    [blockerId, blockedId].map((userId) => ({ userId, followers: 0, following: 0, recruited: 0, version: 1, changedAt })),
    [opts, opts],
  ).rows;
  return { cutForward, cutBackward, blockerCounts, blockedCounts, block: blockRow(blockerId, blockedId, true, at) };
}

function answer(isBlocked: boolean, write: BlockWrite | undefined): TBlockResponse {
  switch (write!.status) {
    case 'deleted':
      throw new AccountDeleted();
    case 'unknown':
      throw new NetworkUserNotFound();
  }
  return {
    message: isBlocked ? NETWORK_MESSAGES.blocked : NETWORK_MESSAGES.unblocked,
    isBlocked,
    followers: write!.followers,
    following: write!.following,
  };
}

export async function block(ctx: SocialContext, blockerId: string, blockedId: string): Promise<TBlockResponse> {
  if (blockerId === blockedId) throw new BlockSelf();
  const at = ctx.platform.clock.now();
  const [write] = await ctx.sql.query<BlockWrite>(
    BLOCK,
    [socialErasureGuard.lockClass, blockerId, blockedId, at.toISOString(), JSON.stringify(blockOutbox(blockerId, blockedId, at))],
    BLOCK_STATEMENTS.block,
  );
  return answer(true, write);
}

export async function unblock(ctx: SocialContext, blockerId: string, blockedId: string): Promise<TBlockResponse> {
  if (blockerId === blockedId) throw new BlockSelf();
  const at = ctx.platform.clock.now();
  const [write] = await ctx.sql.query<BlockWrite>(
    UNBLOCK,
    [socialErasureGuard.lockClass, blockerId, blockedId, JSON.stringify(blockRow(blockerId, blockedId, false, at))],
    BLOCK_STATEMENTS.unblock,
  );
  return answer(false, write);
}
