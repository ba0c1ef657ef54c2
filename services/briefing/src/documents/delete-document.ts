// DELETE /api/admin/briefing-docs/{id} (spec 6: administrators delete briefing documents; the kit's
// 'admin' guard ran before this). The row and civic.briefing.document.deleted, naming the acting
// admin and the request (address, request id), in one transaction: the admin slice turns the event into an audit entry, and the counts
// kept elsewhere (the Talking Points tile) follow it.
import { BRIEFING_MESSAGES, type TAdminOrigin, type TDeleteBriefingDocResponse } from '@civic/contracts';
import type { BriefingContext } from '../context.ts';
import { DocumentNotFound } from '../errors.ts';
import { emitDocumentDeleted } from '../events.ts';

export async function deleteDocument(ctx: BriefingContext, adminId: string, origin: TAdminOrigin, documentId: string): Promise<TDeleteBriefingDocResponse> {
  const deletedAt = ctx.platform.clock.now().toISOString();
  const deleted = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.query<{ author_id: string; title: string }>('DELETE FROM briefing.documents WHERE id = $1::uuid RETURNING author_id, title', [
      documentId,
    ]);
    if (!row) throw new DocumentNotFound();
    await emitDocumentDeleted(tx, { documentId, authorId: row.author_id, title: row.title, adminId, deletedAt, origin });
    return { message: BRIEFING_MESSAGES.documentDeleted, id: documentId };
  });
  // At once for this replica's readers; the others follow the event.
  ctx.firstPages.invalidate();
  return deleted;
}
