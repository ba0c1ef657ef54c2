// Keeps priorities' read models from other services' events, in the consumer's transaction: the
// members (author names; the Active Citizens count is the number of rows) and the ids of briefing
// documents (the Talking Points tile). Events from different producers come in no particular order,
// so each one creates the member row if it is missing; an update older than the one held is
// skipped; a deleted account's id gets no row again (its tombstone, data-rights/erasure-guard.ts).
import type { briefingEvents, EventPayload } from '@civic/contracts';
import { memberNames } from '@civic/service-kit';
import type { SqlExecutor } from '@civic/service-kit/events';
import { prioritiesErasureGuard } from '../data-rights/erasure-guard.ts';

const NOT_DELETED = `NOT ${prioritiesErasureGuard.deletedSql('$1')}`;

/** The members (auth's and account's events): the Active Citizens count is the number of rows. */
export const { addMember, applyProfileUpdate } = memberNames(prioritiesErasureGuard);

/**
 * civic.briefing.document.created: one more talking point (a redelivery adds nothing). Under the
 * author's lock, so a document whose author's erasure was applied first is not counted.
 */
export async function recordBriefingDocument(tx: SqlExecutor, p: EventPayload<typeof briefingEvents.DocumentCreated>): Promise<void> {
  await prioritiesErasureGuard.lockShared(tx, p.authorId);
  await tx.$executeRawUnsafe(
    `INSERT INTO priorities.briefing_documents (document_id, author_id, created_at)
     SELECT $2::uuid, $1::uuid, $3::timestamptz WHERE ${NOT_DELETED} ON CONFLICT DO NOTHING`,
    p.authorId,
    p.documentId,
    p.createdAt,
  );
}

/** civic.briefing.document.deleted: an administrator removed it, one talking point fewer. */
export async function forgetBriefingDocument(tx: SqlExecutor, documentId: string): Promise<void> {
  await tx.$executeRawUnsafe('DELETE FROM priorities.briefing_documents WHERE document_id = $1::uuid', documentId);
}
