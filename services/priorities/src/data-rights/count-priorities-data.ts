// priorities' part of GET /api/account/stats (contracts' ACCOUNT_COUNT_OWNERS): the priorities the
// user created that are still listed (an administrator's removal takes one out at once) and
// the votes they hold now (votes on a removed priority stay for the record, and are counted).
import type { ACCOUNT_COUNT_REQUESTS, ReplyPayload } from '@civic/contracts';
import type { PrioritiesContext } from '../context.ts';

export async function countPrioritiesData(ctx: PrioritiesContext, userId: string): Promise<ReplyPayload<typeof ACCOUNT_COUNT_REQUESTS.priorities>> {
  const [row] = await ctx.db.query<{ prioritiesCount: number; votesCount: number }>(
    `SELECT (SELECT count(*)::int FROM priorities.priorities WHERE author_id = $1::uuid AND is_active) AS "prioritiesCount",
            (SELECT count(*)::int FROM priorities.votes WHERE user_id = $1::uuid) AS "votesCount"`,
    [userId],
  );
  return { prioritiesCount: row!.prioritiesCount, votesCount: row!.votesCount };
}
