// Every event the priorities service publishes, written to the outbox inside the transaction of the
// change it reports and published right after its commit by the database handles made here (the
// relay's poll repairs a crash in between). What the service subscribes to, answers and watches:
// handlers.ts.
import { prioritiesEvents } from '@civic/contracts';
import { serviceEvents } from '@civic/service-kit/events';
import { SNAPSHOT_OUTBOX_STATEMENT } from './open-data/take-snapshot.ts';

export const PRIORITIES_SCHEMA = 'priorities';

const events = serviceEvents(PRIORITIES_SCHEMA, {
  // vote.cast and vote.removed rows are inserted by the SQL functions apply_vote and apply_votes
  // (votes/vote-batcher.ts), and the open-data snapshot's event by open-data/take-snapshot.ts.
  outboxStatements: ['priorities_apply_vote', 'priorities_apply_votes', SNAPSHOT_OUTBOX_STATEMENT],
});
export const { publishingDb } = events;
const emit = events.emitter;

export const emitPriorityCreated = emit(prioritiesEvents.PriorityCreated);
export const emitPromotionBoostsDecayed = emit(prioritiesEvents.PromotionBoostsDecayed);
export const emitPriorityRemoved = emit(prioritiesEvents.PriorityRemoved);
export const emitPriorityEnteredTopTen = emit(prioritiesEvents.PriorityEnteredTopTen);
