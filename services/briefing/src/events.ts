// Every event the briefing service publishes, written to the outbox inside the transaction of the
// change it reports and published right after its commit by the database handle made here (the
// relay's poll repairs a crash in between). What the service subscribes to, answers and watches:
// handlers.ts.
import { briefingEvents } from '@civic/contracts';
import { serviceEvents } from '@civic/service-kit/events';

export const BRIEFING_SCHEMA = 'briefing';

const events = serviceEvents(BRIEFING_SCHEMA);
export const { publishingDb } = events;
const emit = events.emitter;

export const emitDocumentCreated = emit(briefingEvents.DocumentCreated);
export const emitDocumentDeleted = emit(briefingEvents.DocumentDeleted);
