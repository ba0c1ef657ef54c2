// The social service's section of the account export: every activity the user has, oldest first.
// Nothing of other users: their names, their activities and who they are stay out.
import type { EXPORT_REQUESTS, ReplyPayload, TActivityType } from '@civic/contracts';
import type { SocialContext } from '../context.ts';

export async function exportSocialSection(ctx: SocialContext, userId: string): Promise<ReplyPayload<typeof EXPORT_REQUESTS.social>> {
  const activities = await ctx.db.activity.findMany({
    where: { userId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { type: true, description: true, createdAt: true },
  });
  return {
    activities: activities.map((a) => ({ type: a.type as TActivityType, description: a.description, createdAt: a.createdAt.toISOString() })),
  };
}
