// priorities' part of GET /api/account/stats (contracts' ACCOUNT_COUNT_OWNERS): the priorities the
// user created that are still listed (an administrator's removal takes one out at once) and
// the votes they hold now (votes on a removed priority stay for the record, and are counted).
import type { ACCOUNT_COUNT_REQUESTS, ReplyPayload } from '@civic/contracts';
import type { PrioritiesContext } from '../context.ts';

export async function countPrioritiesData(ctx: PrioritiesContext, userId: string): Promise<ReplyPayload<typeof ACCOUNT_COUNT_REQUESTS.priorities>> {
  const [prioritiesCount, votesCount] = await Promise.all([
    ctx.db.priority.count({ where: { authorId: userId, isActive: true } }),
    ctx.db.vote.count({ where: { userId } }),
  ]);
  return { prioritiesCount, votesCount };
}
