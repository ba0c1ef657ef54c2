// Every event the account service publishes. Each is written to the outbox inside the transaction of
// the change it reports, and published right after its commit by the database handle made here (the
// relay's poll repairs a crash in between). What the service subscribes to and answers: handlers.ts.
import { accountEvents } from '@civic/contracts';
import { serviceEvents } from '@civic/service-kit/events';

export const ACCOUNT_SCHEMA = 'account';

const events = serviceEvents(ACCOUNT_SCHEMA);
export const { publishingDb } = events;
const emit = events.emitter;

export const emitProfileUpdated = emit(accountEvents.ProfileUpdated);
export const emitPrivacyChanged = emit(accountEvents.PrivacyChanged);
export const emitSettingsChanged = emit(accountEvents.SettingsChanged);
export const emitUserDeleted = emit(accountEvents.UserDeleted);
