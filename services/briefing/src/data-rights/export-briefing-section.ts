// The briefing service's section of the account export: every document the user contributed,
// oldest first, as stored. Nothing of other users.
import type { EXPORT_REQUESTS, ReplyPayload, TBriefingDocType } from '@civic/contracts';
import type { BriefingContext } from '../context.ts';

interface DocumentRow {
  id: string;
  title: string;
  content: string;
  type: string;
  priorityId: string | null;
  isPublic: boolean;
  createdAt: Date;
}

export async function exportBriefingSection(ctx: BriefingContext, userId: string): Promise<ReplyPayload<typeof EXPORT_REQUESTS.briefing>> {
  const documents = await ctx.db.query<DocumentRow>(
    `SELECT id, title, content, type, priority_id AS "priorityId", is_public AS "isPublic", created_at AS "createdAt"
     FROM briefing.documents WHERE author_id = $1::uuid ORDER BY created_at, id`,
    [userId],
  );
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
