// Keeps briefing's read models from other services' events, in the consumer's transaction: the
// members (author names) and the priorities a document may name (and those removed since). Events from different producers
// come in no particular order, so each one creates the member row if it is missing; an update older
// than the one held is skipped; a deleted account's id gets no row again, under the per-user lock of
// data-rights/erasure-guard.ts.
import type { EventPayload, prioritiesEvents } from '@civic/contracts';
import { memberNames } from '@civic/service-kit';
import type { SqlDriver } from '@civic/service-kit/db';
import { briefingErasureGuard } from '../data-rights/erasure-guard.ts';

/** The members and their names (auth's and account's events), as every service that shows authors keeps them. */
export const { addMember, applyProfileUpdate } = memberNames(briefingErasureGuard);

/**
 * civic.priorities.priority.created, or priorities' answer to a lookup (priorities/known-priority.ts):
 * a priority a document may name (a redelivery, or the event after a lookup, adds nothing).
 */
export async function recordPriority(
  tx: SqlDriver,
  p: Pick<EventPayload<typeof prioritiesEvents.PriorityCreated>, 'priorityId' | 'title' | 'createdAt'>,
): Promise<void> {
  await tx.execute('INSERT INTO briefing.priorities (priority_id, title, created_at) VALUES ($1::uuid, $2, $3::timestamptz) ON CONFLICT DO NOTHING', [
    p.priorityId,
    p.title,
    p.createdAt,
  ]);
}

/**
 * civic.priorities.priority.removed: no new document may name it; documents that do keep its title.
 * Stored even when its creation has not arrived yet (the two events come through separate consumers,
 * in no particular order), so the later creation, which adds nothing on conflict, cannot undo it.
 */
export async function recordPriorityRemoval(
  tx: SqlDriver,
  p: Pick<EventPayload<typeof prioritiesEvents.PriorityRemoved>, 'priorityId' | 'title' | 'removedAt'>,
): Promise<void> {
  await tx.execute(
    `INSERT INTO briefing.priorities (priority_id, title, created_at, removed_at) VALUES ($1::uuid, $2, $3::timestamptz, $3::timestamptz)
     ON CONFLICT (priority_id) DO UPDATE SET removed_at = COALESCE(briefing.priorities.removed_at, EXCLUDED.removed_at)`,
    [p.priorityId, p.title, p.removedAt],
  );
}
