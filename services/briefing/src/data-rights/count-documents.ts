// briefing's part of GET /api/account/stats (contracts' ACCOUNT_COUNT_OWNERS): the documents the
// user contributed.
import type { ACCOUNT_COUNT_REQUESTS, ReplyPayload } from '@civic/contracts';
import type { BriefingContext } from '../context.ts';

export async function countBriefingData(ctx: BriefingContext, userId: string): Promise<ReplyPayload<typeof ACCOUNT_COUNT_REQUESTS.briefing>> {
  const [row] = await ctx.db.query<{ count: number }>('SELECT count(*)::int AS count FROM briefing.documents WHERE author_id = $1::uuid', [userId]);
  return { briefingDocsCount: row!.count };
}
