// The social service's section of the account export: every activity the user has, oldest first,
// and their network (whom they follow, who follows them, whom they blocked, whom they recruited and
// who recruited them), oldest first. Other
// citizens appear by id only: their names and their activities stay out, and so does who blocked
// the user (the blocker's data).
import type { EXPORT_REQUESTS, ReplyPayload, TActivityType } from '@civic/contracts';
import type { SocialContext } from '../context.ts';

export async function exportSocialSection(ctx: SocialContext, userId: string): Promise<ReplyPayload<typeof EXPORT_REQUESTS.social>> {
  const [activities, following, followers, blocked, recruits, recruitedBy] = await Promise.all([
    ctx.db.activity.findMany({
      where: { userId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { type: true, description: true, createdAt: true },
    }),
    ctx.db.follow.findMany({ where: { followerId: userId }, orderBy: [{ createdAt: 'asc' }, { followeeId: 'asc' }] }),
    ctx.db.follow.findMany({ where: { followeeId: userId }, orderBy: [{ createdAt: 'asc' }, { followerId: 'asc' }] }),
    ctx.db.block.findMany({ where: { blockerId: userId }, orderBy: [{ createdAt: 'asc' }, { blockedId: 'asc' }] }),
    ctx.db.recruit.findMany({ where: { recruiterId: userId }, orderBy: [{ joinedAt: 'asc' }, { recruitedUserId: 'asc' }] }),
    ctx.db.recruit.findUnique({ where: { recruitedUserId: userId } }),
  ]);
  return {
    activities: activities.map((a) => ({ type: a.type as TActivityType, description: a.description, createdAt: a.createdAt.toISOString() })),
    following: following.map((f) => ({ userId: f.followeeId, followedAt: f.createdAt.toISOString() })),
    followers: followers.map((f) => ({ userId: f.followerId, followedAt: f.createdAt.toISOString() })),
    blocked: blocked.map((b) => ({ userId: b.blockedId, blockedAt: b.createdAt.toISOString() })),
    recruits: recruits.map((r) => ({ userId: r.recruitedUserId, joinedAt: r.joinedAt.toISOString(), rewarded: r.rewarded })),
    recruitedBy: recruitedBy ? { userId: recruitedBy.recruiterId, joinedAt: recruitedBy.joinedAt.toISOString() } : null,
  };
}
