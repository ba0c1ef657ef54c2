// Every event the social service publishes. The network's events (follows, counts, blocks) are
// written to the outbox inside the transaction of the change they report and published right after
// its commit by the database handle made here (the relay's poll repairs a crash in between). What
// the service subscribes to and answers: handlers.ts.
import { type EventDefinition, type EventPayload, socialEvents } from '@civic/contracts';
import { enqueueEvents, serviceEvents } from '@civic/service-kit/events';
import type { SqlDriver } from '@civic/service-kit/db';

export const SOCIAL_SCHEMA = 'social';

const events = serviceEvents(SOCIAL_SCHEMA);
export const { publishingDb } = events;
const emit = events.emitter;

export const emitCountsChanged = emit(socialEvents.CountsChanged);
export const emitRecruitJoined = emit(socialEvents.RecruitJoined);

/** Many events of one kind in one outbox INSERT (an erasure cuts every edge of a user at once). */
export const emitAll =
  <E extends EventDefinition>(event: E) =>
  (tx: SqlDriver, payloads: readonly EventPayload<E>[]) =>
    enqueueEvents(tx, SOCIAL_SCHEMA, event, payloads);
