// Keeps briefing's read models from other services' events, in the consumer's transaction: the
// members (author names) and the priorities a document may name. Events from different producers
// come in no particular order, so each one creates the member row if it is missing; an update older
// than the one held is skipped; a deleted account's id gets no row again, under the per-user lock of
// data-rights/erasure-guard.ts.
import type { accountEvents, EventPayload, prioritiesEvents } from '@civic/contracts';
import type { SqlExecutor } from '@civic/service-kit/events';
import { briefingErasureGuard } from '../data-rights/erasure-guard.ts';

const NOT_DELETED = `NOT ${briefingErasureGuard.deletedSql('$1')}`;

/** civic.auth.user.registered: the member exists (named once they set a profile). */
export async function addMember(tx: SqlExecutor, userId: string): Promise<void> {
  await briefingErasureGuard.lockShared(tx, userId);
  await tx.$executeRawUnsafe(`INSERT INTO briefing.members (user_id) SELECT $1::uuid WHERE ${NOT_DELETED} ON CONFLICT DO NOTHING`, userId);
}

/** civic.account.profile.updated: the names shown as a document's author. */
export async function applyProfileUpdate(tx: SqlExecutor, p: EventPayload<typeof accountEvents.ProfileUpdated>): Promise<void> {
  await briefingErasureGuard.lockShared(tx, p.userId);
  await tx.$executeRawUnsafe(
    `INSERT INTO briefing.members AS m (user_id, first_name, last_name, profile_updated_at)
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

/** civic.priorities.priority.created: a priority a document may name (a redelivery adds nothing). */
export async function recordPriority(tx: SqlExecutor, p: EventPayload<typeof prioritiesEvents.PriorityCreated>): Promise<void> {
  await tx.$executeRawUnsafe(
    'INSERT INTO briefing.priorities (priority_id, title, created_at) VALUES ($1::uuid, $2, $3::timestamptz) ON CONFLICT DO NOTHING',
    p.priorityId,
    p.title,
    p.createdAt,
  );
}
