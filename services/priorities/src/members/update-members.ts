// Keeps priorities' read models from other services' events, in the consumer's transaction: the
// members (author names; the Active Citizens count is the number of rows) and the ids of briefing
// documents (the Talking Points tile). Events from different producers come in no particular order,
// so each one creates the member row if it is missing; an update older than the one held is
// skipped; a deleted account's id gets no row again (its tombstone, data-rights/erasure-guard.ts).
import type { accountEvents, briefingEvents, EventPayload } from '@civic/contracts';
import { memberNames } from '@civic/service-kit';
import type { SqlExecutor } from '@civic/service-kit/events';
import { prioritiesErasureGuard } from '../data-rights/erasure-guard.ts';

const NOT_DELETED = `NOT ${prioritiesErasureGuard.deletedSql('$1')}`;

const names = memberNames(prioritiesErasureGuard);

/**
 * A write of the state or visibility dates the change for the next epoch: the first
 * write since the last epoch keeps its time. The trigger mark_member_tally_change keeps the mark only
 * while the state counted would change (a write that puts it back clears it).
 */
const DATE_TALLY_CHANGE = 'tally_change_pending_since = COALESCE(m.tally_change_pending_since, $4::timestamptz)';

/** The members (auth's and account's events): the Active Citizens count is the number of rows. */
export const { addMember } = names;

/**
 * civic.account.profile.updated: the names (the kit's member names), and the state from
 * the same event. The state is written only when this event's edit is the one the row now holds (its
 * updatedAt is the row's), so an older event redelivered after a newer one changes nothing. An event
 * from before the state existed carries none: null, as nobody had one then. The state counted in the
 * tallies follows at the next hourly epoch: the change is pending since `now`.
 */
export async function applyProfileUpdate(tx: SqlExecutor, p: EventPayload<typeof accountEvents.ProfileUpdated>, now: Date): Promise<void> {
  await names.applyProfileUpdate(tx, p);
  await tx.$executeRawUnsafe(
    `UPDATE priorities.members m SET state = $2::text, ${DATE_TALLY_CHANGE}
     WHERE user_id = $1::uuid AND profile_updated_at = $3::timestamptz AND state IS DISTINCT FROM $2::text`,
    p.userId,
    p.state ?? null,
    p.updatedAt,
    now,
  );
}

/**
 * civic.account.privacy.changed: whether the profile is public (only then does the member's state
 * count, from the next hourly epoch on). Creates the row if missing (no
 * state yet: nothing counted, nothing pending); a change older than the one held is skipped; nothing
 * for a deleted account.
 */
export async function applyPrivacyChange(tx: SqlExecutor, p: EventPayload<typeof accountEvents.PrivacyChanged>, now: Date): Promise<void> {
  await prioritiesErasureGuard.lockShared(tx, p.userId);
  await tx.$executeRawUnsafe(
    `INSERT INTO priorities.members AS m (user_id, profile_public, privacy_changed_at)
     SELECT $1::uuid, $2::boolean, $3::timestamptz WHERE ${NOT_DELETED}
     ON CONFLICT (user_id) DO UPDATE SET profile_public = EXCLUDED.profile_public, privacy_changed_at = EXCLUDED.privacy_changed_at,
       ${DATE_TALLY_CHANGE}
     WHERE m.privacy_changed_at IS NULL OR m.privacy_changed_at <= EXCLUDED.privacy_changed_at`,
    p.userId,
    p.profileVisibility === 'public',
    p.changedAt,
    now,
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
