// Every event the auth service publishes, in one place. Each is written to the outbox inside the
// transaction of the change it reports (SECURITY 19); the relay publishes it afterwards.
import { authEvents, type EventDefinition, type EventPayload } from '@civic/contracts';
import { enqueueEvent } from '@civic/service-kit/events/enqueue-event';
import type { SqlExecutor } from '@civic/service-kit/events/sql-executor';

export const AUTH_SCHEMA = 'auth';

/** Publishes what the last commit enqueued now rather than at the relay's next poll. */
export function publishCommitted(ctx: { platform: { events: { kick(schema: string): void } } }): void {
  ctx.platform.events.kick(AUTH_SCHEMA);
}

function emit<E extends EventDefinition>(event: E) {
  return (tx: SqlExecutor, payload: EventPayload<E>) => enqueueEvent(tx, AUTH_SCHEMA, event, payload);
}

export const emitUserRegistered = emit(authEvents.UserRegistered);
export const emitUserSignedIn = emit(authEvents.UserSignedIn);
export const emitSessionRevoked = emit(authEvents.SessionRevoked);
