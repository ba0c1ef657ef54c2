// The owners' events that keep the reportable content (report-content.ts), in the consumer's
// transaction: creations add an item, an administrator's removal (priority) or deletion (document)
// marks it removed. Its title and author come with each event.
import type { briefingEvents, EventPayload, prioritiesEvents } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { markContentRemoved, recordContent, recordContentRemoved } from './report-content.ts';

export const priorityCreated = (tx: SqlDriver, p: EventPayload<typeof prioritiesEvents.PriorityCreated>) =>
  recordContent(tx, { targetType: 'priority', targetId: p.priorityId, authorId: p.authorId, title: p.title, createdAt: p.createdAt });

/** A removed priority whose author was erased has no author: only an item already known is marked (an erased author's items have left already). */
export const priorityRemoved = (tx: SqlDriver, p: EventPayload<typeof prioritiesEvents.PriorityRemoved>) =>
  p.authorId === null
    ? markContentRemoved(tx, 'priority', p.priorityId, p.removedAt)
    : recordContentRemoved(tx, { targetType: 'priority', targetId: p.priorityId, authorId: p.authorId, title: p.title, createdAt: p.removedAt }, p.removedAt);

export const documentCreated = (tx: SqlDriver, p: EventPayload<typeof briefingEvents.DocumentCreated>) =>
  recordContent(tx, { targetType: 'briefing_doc', targetId: p.documentId, authorId: p.authorId, title: p.title, createdAt: p.createdAt });

export const documentDeleted = (tx: SqlDriver, p: EventPayload<typeof briefingEvents.DocumentDeleted>) =>
  recordContentRemoved(tx, { targetType: 'briefing_doc', targetId: p.documentId, authorId: p.authorId, title: p.title, createdAt: p.deletedAt }, p.deletedAt);
