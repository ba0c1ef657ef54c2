// The briefing service's section of the account export: every document the user contributed,
// oldest first, as stored. Nothing of other users.
import type { EXPORT_REQUESTS, ReplyPayload, TBriefingDocType } from '@civic/contracts';
import type { BriefingContext } from '../context.ts';

export async function exportBriefingSection(ctx: BriefingContext, userId: string): Promise<ReplyPayload<typeof EXPORT_REQUESTS.briefing>> {
  const documents = await ctx.db.document.findMany({ where: { authorId: userId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return {
    documents: documents.map((d) => ({
      id: d.id,
      title: d.title,
      content: d.content,
      type: d.type as TBriefingDocType,
      priorityId: d.priorityId,
      isPublic: d.isPublic,
      createdAt: d.createdAt.toISOString(),
    })),
  };
}
