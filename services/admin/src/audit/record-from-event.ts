// Audit entries for administrators' actions taken in other services, from their durable events,
// in the consumer's transaction. The kit's inbox makes a redelivery a no-op, and the entry's unique
// source_event_id makes it one even if the inbox were bypassed: never lost, never logged twice.
// The event's origin (the administrator's address and request id, SECURITY 23) is the entry's; the
// content's author and title go through `content`, so erasure can forget them (append-entry.ts).
import type { briefingEvents, EventPayload, prioritiesEvents } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { appendAuditEntry } from './append-entry.ts';

/** civic.briefing.document.deleted → delete_briefing_doc (spec 3), target the document. */
export async function recordBriefingDeletion(tx: SqlDriver, eventId: string, p: EventPayload<typeof briefingEvents.DocumentDeleted>): Promise<void> {
  await appendAuditEntry(tx, {
    adminId: p.adminId,
    action: 'delete_briefing_doc',
    targetType: 'briefing_doc',
    targetId: p.documentId,
    details: {},
    content: { authorId: p.authorId, title: p.title },
    createdAt: new Date(p.deletedAt),
    sourceEventId: eventId,
    ...(p.origin ? { origin: p.origin } : {}),
  });
}

/** civic.priorities.priority.removed → delete_priority (spec 3), target the priority. */
export async function recordPriorityRemoval(tx: SqlDriver, eventId: string, p: EventPayload<typeof prioritiesEvents.PriorityRemoved>): Promise<void> {
  await appendAuditEntry(tx, {
    adminId: p.adminId,
    action: 'delete_priority',
    targetType: 'priority',
    targetId: p.priorityId,
    details: {},
    content: { authorId: p.authorId, title: p.title },
    createdAt: new Date(p.removedAt),
    sourceEventId: eventId,
    ...(p.origin ? { origin: p.origin } : {}),
  });
}

/**
 * civic.priorities.open_data.snapshot_taken → take_open_data_snapshot when an administrator
 * asked for it (requestedBy); a scheduled snapshot is nobody's action and is not audited.
 */
export async function recordOpenDataSnapshot(tx: SqlDriver, eventId: string, p: EventPayload<typeof prioritiesEvents.OpenDataSnapshotTaken>): Promise<void> {
  if (p.requestedBy === null) return;
  await appendAuditEntry(tx, {
    adminId: p.requestedBy,
    action: 'take_open_data_snapshot',
    targetType: 'open_data_snapshot',
    targetId: p.snapshotId,
    details: { root: p.root, treeSize: p.treeSize, priorityCount: p.priorityCount },
    createdAt: new Date(p.takenAt),
    sourceEventId: eventId,
    ...(p.origin ? { origin: p.origin } : {}),
  });
}
