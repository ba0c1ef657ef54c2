// briefing's part of GET /api/account/stats (contracts' ACCOUNT_COUNT_OWNERS): the documents the
// user contributed.
import type { ACCOUNT_COUNT_REQUESTS, ReplyPayload } from '@civic/contracts';
import type { BriefingContext } from '../context.ts';

export async function countBriefingData(ctx: BriefingContext, userId: string): Promise<ReplyPayload<typeof ACCOUNT_COUNT_REQUESTS.briefing>> {
  return { briefingDocsCount: await ctx.db.document.count({ where: { authorId: userId } }) };
}
