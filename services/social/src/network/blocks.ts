// POST and DELETE /api/users/{id}/block (spec 4 "Block"): one call of block_user / unblock_user
// (prisma/functions), which locks both users in id order, cuts the follow edges both ways and moves
// the counts, then its events through the kit's outbox in the same transaction. Idempotent: a
// repeat changes and publishes nothing. BlockChanged carries the blocker's version, so a consumer
// keeps the newest state per pair.
import type { TBlockResponse } from '@civic/contracts';
import { NETWORK_MESSAGES, socialEvents } from '@civic/contracts';
import { AccountDeleted } from '@civic/service-kit';
import { buildOutboxRows, insertOutboxRows } from '@civic/service-kit/events';
import type { SocialContext } from '../context.ts';
import { socialErasureGuard } from '../data-rights/erasure-guard.ts';
import { BlockSelf, NetworkUserNotFound } from '../errors.ts';

/** What block_user and unblock_user answer (see their files). */
interface BlockWrite {
  status: 'blocked' | 'unblocked' | 'unchanged' | 'deleted' | 'unknown';
  followers: number;
  following: number;
}

interface BlockUserWrite extends BlockWrite {
  cut_forward: boolean;
  cut_backward: boolean;
  blocker_recruited: number;
  blocker_version: number;
  blocked_followers: number;
  blocked_following: number;
  blocked_recruited: number;
  blocked_version: number;
}

const BLOCK = `SELECT status, followers, following, cut_forward, cut_backward, blocker_recruited, blocker_version, blocked_followers,
  blocked_following, blocked_recruited, blocked_version FROM social.block_user($1::int, $2::uuid, $3::uuid, $4::timestamptz)`;
const UNBLOCK = 'SELECT status, followers, following, version FROM social.unblock_user($1::int, $2::uuid, $3::uuid)';

function blockRow(blockerId: string, blockedId: string, blocked: boolean, version: number, at: Date) {
  const [row] = buildOutboxRows(
    socialEvents.BlockChanged,
    [{ blockerId, blockedId, blocked, version, changedAt: at.toISOString() }],
    [{ occurredAt: at }],
  ).rows;
  return row!;
}

/**
 * A new block's events, in the order the interactive transaction wrote them: a FollowChanged for each
 * edge cut, both users' CountsChanged when an edge was cut, and the BlockChanged.
 */
function blockOutbox(blockerId: string, blockedId: string, at: Date, write: BlockUserWrite) {
  const changedAt = at.toISOString();
  const opts = { occurredAt: at };
  const cuts = [
    ...(write.cut_forward ? [{ followerId: blockerId, followeeId: blockedId, following: false, changedAt }] : []),
    ...(write.cut_backward ? [{ followerId: blockedId, followeeId: blockerId, following: false, changedAt }] : []),
  ];
  const counts =
    cuts.length === 0
      ? []
      : [
          {
            userId: blockerId,
            followers: write.followers,
            following: write.following,
            recruited: write.blocker_recruited,
            version: write.blocker_version,
            changedAt,
          },
          {
            userId: blockedId,
            followers: write.blocked_followers,
            following: write.blocked_following,
            recruited: write.blocked_recruited,
            version: write.blocked_version,
            changedAt,
          },
        ];
  return [
    ...buildOutboxRows(
      socialEvents.FollowChanged,
      cuts,
      cuts.map(() => opts),
    ).rows,
    ...buildOutboxRows(
      socialEvents.CountsChanged,
      counts,
      counts.map(() => opts),
    ).rows,
    blockRow(blockerId, blockedId, true, write.blocker_version, at),
  ];
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
  const write = await ctx.db.transaction(async (tx) => {
    const [found] = await tx.query<BlockUserWrite>(BLOCK, [socialErasureGuard.lockClass, blockerId, blockedId, at.toISOString()]);
    if (found?.status === 'blocked') await insertOutboxRows(tx, socialErasureGuard.schema, blockOutbox(blockerId, blockedId, at, found));
    return found;
  });
  return answer(true, write);
}

export async function unblock(ctx: SocialContext, blockerId: string, blockedId: string): Promise<TBlockResponse> {
  if (blockerId === blockedId) throw new BlockSelf();
  const at = ctx.platform.clock.now();
  const write = await ctx.db.transaction(async (tx) => {
    const [found] = await tx.query<BlockWrite & { version: number }>(UNBLOCK, [socialErasureGuard.lockClass, blockerId, blockedId]);
    if (found?.status === 'unblocked') await insertOutboxRows(tx, socialErasureGuard.schema, [blockRow(blockerId, blockedId, false, found.version, at)]);
    return found;
  });
  return answer(false, write);
}
