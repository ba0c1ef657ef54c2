// priorities' part of GET /api/account/stats (contracts' ACCOUNT_COUNT_OWNERS): the priorities the
// user created and the votes they hold now.
import type { ACCOUNT_COUNT_REQUESTS, ReplyPayload } from '@civic/contracts';
import type { PrioritiesContext } from '../context.ts';

export async function countPrioritiesData(ctx: PrioritiesContext, userId: string): Promise<ReplyPayload<typeof ACCOUNT_COUNT_REQUESTS.priorities>> {
  const [prioritiesCount, votesCount] = await Promise.all([ctx.db.priority.count({ where: { authorId: userId } }), ctx.db.vote.count({ where: { userId } })]);
  return { prioritiesCount, votesCount };
}
