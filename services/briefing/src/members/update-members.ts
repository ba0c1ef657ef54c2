// Keeps briefing's read models from other services' events, in the consumer's transaction: the
// members (author names) and the priorities a document may name. Events from different producers
// come in no particular order, so each one creates the member row if it is missing; an update older
// than the one held is skipped; a deleted account's id gets no row again, under the per-user lock of
// data-rights/erasure-guard.ts.
import type { EventPayload, prioritiesEvents } from '@civic/contracts';
import { memberNames } from '@civic/service-kit';
import type { SqlExecutor } from '@civic/service-kit/events';
import { briefingErasureGuard } from '../data-rights/erasure-guard.ts';

/** The members and their names (auth's and account's events), as every service that shows authors keeps them. */
export const { addMember, applyProfileUpdate } = memberNames(briefingErasureGuard);

/**
 * civic.priorities.priority.created, or priorities' answer to a lookup (priorities/known-priority.ts):
 * a priority a document may name (a redelivery, or the event after a lookup, adds nothing).
 */
export async function recordPriority(
  tx: SqlExecutor,
  p: Pick<EventPayload<typeof prioritiesEvents.PriorityCreated>, 'priorityId' | 'title' | 'createdAt'>,
): Promise<void> {
  await tx.$executeRawUnsafe(
    'INSERT INTO briefing.priorities (priority_id, title, created_at) VALUES ($1::uuid, $2, $3::timestamptz) ON CONFLICT DO NOTHING',
    p.priorityId,
    p.title,
    p.createdAt,
  );
}
