// The social parts of a profile answer, from account's read models (apply-*-changes.ts): the owner's
// standing and the viewer's relation to the owner. A user no event has reached yet has zeros.
import type { TProfileRelation, TProfileStanding } from '@civic/contracts';
import type { AccountContext } from '../context.ts';

export const NO_RELATION: TProfileRelation = { isFollowing: false, isBlocked: false, isBlockedBy: false };

export async function readStanding(ctx: AccountContext, userId: string): Promise<TProfileStanding> {
  const row = await ctx.db.standing.findUnique({ where: { userId }, select: { politicalCapital: true, followers: true, following: true } });
  return row ?? { politicalCapital: 0, followers: 0, following: 0 };
}

export async function readRelation(ctx: AccountContext, viewerId: string, ownerId: string): Promise<TProfileRelation> {
  if (viewerId === ownerId) return NO_RELATION;
  const [follow, blocks] = await Promise.all([
    ctx.db.follow.findUnique({ where: { followerId_followeeId: { followerId: viewerId, followeeId: ownerId } }, select: { following: true } }),
    ctx.db.block.findMany({
      where: {
        blocked: true,
        OR: [
          { blockerId: viewerId, blockedId: ownerId },
          { blockerId: ownerId, blockedId: viewerId },
        ],
      },
      select: { blockerId: true },
    }),
  ]);
  return {
    isFollowing: follow?.following ?? false,
    isBlocked: blocks.some((b) => b.blockerId === viewerId),
    isBlockedBy: blocks.some((b) => b.blockerId === ownerId),
  };
}
