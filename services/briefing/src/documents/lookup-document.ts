// rpc.briefing.document_lookup (contracts/src/briefing/requests.ts): whether a briefing document
// exists, who wrote it and its title, for the admin service's reports when its read model of
// documents has not caught up yet (a citizen reporting a document created a moment ago).
import type { TDocumentLookupReply, TDocumentLookupRequest } from '@civic/contracts';
import type { BriefingContext } from '../context.ts';

export async function lookupDocument(ctx: BriefingContext, { documentId }: TDocumentLookupRequest): Promise<TDocumentLookupReply> {
  const [row] = await ctx.db.query<{ id: string; author_id: string; title: string; created_at: Date }>(
    'SELECT id, author_id, title, created_at FROM briefing.documents WHERE id = $1::uuid',
    [documentId.toLowerCase()],
  );
  return { document: row ? { documentId: row.id, authorId: row.author_id, title: row.title, createdAt: new Date(row.created_at).toISOString() } : null };
}
