// Every event the auth service publishes. Each is written to the outbox inside the transaction of the
// change it reports (SECURITY 19) and published right after its commit by the database handle made
// here (the relay's poll repairs a crash in between). What the service subscribes to and answers:
// handlers.ts.
import { authEvents } from '@civic/contracts';
import { serviceEvents } from '@civic/service-kit/events';

export const AUTH_SCHEMA = 'auth';

const events = serviceEvents(AUTH_SCHEMA);
export const { publishingDb } = events;
const emit = events.emitter;

export const emitUserRegistered = emit(authEvents.UserRegistered);
export const emitUserSignedIn = emit(authEvents.UserSignedIn);
export const emitSessionRevoked = emit(authEvents.SessionRevoked);
export const emitUserStandingChanged = emit(authEvents.UserStandingChanged);
