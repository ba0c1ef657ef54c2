// Keeps priorities' read models from other services' events, in the consumer's transaction: the
// members (author names; the Active Citizens count is the number of rows) and the ids of briefing
// documents (the Talking Points tile). Events from different producers come in no particular order,
// so each one creates the member row if it is missing; an update older than the one held is
// skipped; a deleted account's id gets no row again (its tombstone, data-rights/erasure-guard.ts).
import type { accountEvents, briefingEvents, EventPayload } from '@civic/contracts';
import type { SqlExecutor } from '@civic/service-kit/events';
import { prioritiesErasureGuard } from '../data-rights/erasure-guard.ts';

const NOT_DELETED = `NOT ${prioritiesErasureGuard.deletedSql('$1')}`;

/** civic.auth.user.registered: the citizen exists (and counts as active). */
export async function addMember(tx: SqlExecutor, userId: string): Promise<void> {
  await tx.$executeRawUnsafe(`INSERT INTO priorities.members (user_id) SELECT $1::uuid WHERE ${NOT_DELETED} ON CONFLICT DO NOTHING`, userId);
}

/** civic.account.profile.updated: the names shown as a priority's author. */
export async function applyProfileUpdate(tx: SqlExecutor, p: EventPayload<typeof accountEvents.ProfileUpdated>): Promise<void> {
  await tx.$executeRawUnsafe(
    `INSERT INTO priorities.members AS m (user_id, first_name, last_name, profile_updated_at)
     SELECT $1::uuid, $2::text, $3::text, $4::timestamptz WHERE ${NOT_DELETED}
     ON CONFLICT (user_id) DO UPDATE SET
       first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, profile_updated_at = EXCLUDED.profile_updated_at
     WHERE m.profile_updated_at IS NULL OR m.profile_updated_at <= EXCLUDED.profile_updated_at`,
    p.userId,
    p.firstName,
    p.lastName,
    p.updatedAt,
  );
}

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
