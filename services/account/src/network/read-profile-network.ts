// The social parts of a profile answer, from account's read models (apply-*-changes.ts): the owner's
// standing and the viewer's relation to the owner. A user no event has reached yet has zeros.
import type { TProfileRelation, TProfileStanding } from '@civic/contracts';
import type { AccountContext } from '../context.ts';

export const NO_RELATION: TProfileRelation = { isFollowing: false, isBlocked: false, isBlockedBy: false };

export async function readStanding(ctx: AccountContext, userId: string): Promise<TProfileStanding> {
  const [row] = await ctx.db.query<TProfileStanding>(
    'SELECT political_capital AS "politicalCapital", followers, following FROM account.standings WHERE user_id = $1::uuid',
    [userId],
  );
  return row ?? { politicalCapital: 0, followers: 0, following: 0 };
}

export async function readRelation(ctx: AccountContext, viewerId: string, ownerId: string): Promise<TProfileRelation> {
  if (viewerId === ownerId) return NO_RELATION;
  const [[follow], blocks] = await Promise.all([
    ctx.db.query<{ following: boolean }>('SELECT following FROM account.follows WHERE follower_id = $1::uuid AND followee_id = $2::uuid', [viewerId, ownerId]),
    ctx.db.query<{ blockerId: string }>(
      `SELECT blocker_id::text AS "blockerId" FROM account.blocks
        WHERE blocked AND ((blocker_id = $1::uuid AND blocked_id = $2::uuid) OR (blocker_id = $2::uuid AND blocked_id = $1::uuid))`,
      [viewerId, ownerId],
    ),
  ]);
  return {
    isFollowing: follow?.following ?? false,
    isBlocked: blocks.some((b) => b.blockerId === viewerId),
    isBlockedBy: blocks.some((b) => b.blockerId === ownerId),
  };
}
