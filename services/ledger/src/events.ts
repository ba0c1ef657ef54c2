// Every event the ledger service publishes. Each balance change is written to the outbox in the
// transaction of its entry and published right after its commit by the database handle made here
// (the relay's poll repairs a crash between). What the service subscribes to and answers: handlers.ts.
import { ledgerEvents } from '@civic/contracts';
import { serviceEvents } from '@civic/service-kit/events';

export const LEDGER_SCHEMA = 'ledger';

const events = serviceEvents(LEDGER_SCHEMA);
export const { publishingDb } = events;
const emit = events.emitter;

export const emitBalanceChanged = emit(ledgerEvents.BalanceChanged);
