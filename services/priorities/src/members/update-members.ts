// Keeps priorities' read models (members, briefing document ids) from other services' events.
// Producers are not ordered with each other, so each event creates the member row if missing, an
// older update is skipped, and a deleted account's id gets no row again (the erasure guard).
import type { accountEvents, briefingEvents, EventPayload } from '@civic/contracts';
import { memberNames } from '@civic/service-kit';
import type { SqlDriver } from '@civic/service-kit/db';
import { prioritiesErasureGuard } from '../data-rights/erasure-guard.ts';

const NOT_DELETED = `NOT ${prioritiesErasureGuard.deletedSql('$1')}`;

const names = memberNames(prioritiesErasureGuard);

/**
 * Dates a state or visibility change for the next epoch (the first write since the last one keeps its
 * time); the trigger mark_member_tally_change clears the mark when a write puts the state back.
 */
const DATE_TALLY_CHANGE = 'tally_change_pending_since = COALESCE(m.tally_change_pending_since, $4::timestamptz)';

/** The members (auth's and account's events): the Active Citizens count is the number of rows. */
export const { addMember } = names;

/**
 * civic.account.profile.updated: the names and the state. The state is written only when this event's
 * edit is the one the row holds, so an older redelivered event changes nothing; the tallies follow
 * at the next hourly epoch.
 */
export async function applyProfileUpdate(tx: SqlDriver, p: EventPayload<typeof accountEvents.ProfileUpdated>, now: Date): Promise<void> {
  await names.applyProfileUpdate(tx, p);
  await tx.execute(
    `UPDATE priorities.members m SET state = $2::text, ${DATE_TALLY_CHANGE}
     WHERE user_id = $1::uuid AND profile_updated_at = $3::timestamptz AND state IS DISTINCT FROM $2::text`,
    [p.userId, p.state ?? null, p.updatedAt, now],
  );
}

/** civic.account.privacy.changed: only a public profile's state counts, from the next hourly epoch on. */
export async function applyPrivacyChange(tx: SqlDriver, p: EventPayload<typeof accountEvents.PrivacyChanged>, now: Date): Promise<void> {
  await prioritiesErasureGuard.lockShared(tx, p.userId);
  await tx.execute(
    `INSERT INTO priorities.members AS m (user_id, profile_public, privacy_changed_at)
     SELECT $1::uuid, $2::boolean, $3::timestamptz WHERE ${NOT_DELETED}
     ON CONFLICT (user_id) DO UPDATE SET profile_public = EXCLUDED.profile_public, privacy_changed_at = EXCLUDED.privacy_changed_at,
       ${DATE_TALLY_CHANGE}
     WHERE m.privacy_changed_at IS NULL OR m.privacy_changed_at <= EXCLUDED.privacy_changed_at`,
    [p.userId, p.profileVisibility === 'public', p.changedAt, now],
  );
}

/**
 * civic.briefing.document.created: one more talking point (a redelivery adds nothing). Under the
 * author's lock, so a document whose author's erasure was applied first is not counted.
 */
export async function recordBriefingDocument(tx: SqlDriver, p: EventPayload<typeof briefingEvents.DocumentCreated>): Promise<void> {
  await prioritiesErasureGuard.lockShared(tx, p.authorId);
  await tx.execute(
    `INSERT INTO priorities.briefing_documents (document_id, author_id, created_at)
     SELECT $2::uuid, $1::uuid, $3::timestamptz WHERE ${NOT_DELETED} ON CONFLICT DO NOTHING`,
    [p.authorId, p.documentId, p.createdAt],
  );
}

/** civic.briefing.document.deleted: an administrator removed it, one talking point fewer. */
export async function forgetBriefingDocument(tx: SqlDriver, documentId: string): Promise<void> {
  await tx.execute('DELETE FROM priorities.briefing_documents WHERE document_id = $1::uuid', [documentId]);
}
