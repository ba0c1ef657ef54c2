// Every event the briefing service publishes and every subscription and request it answers, in one
// place. Published events are written to the outbox inside the transaction of the change they
// report and published right after its commit by the database handle made here (the relay's poll
// repairs a crash in between). Durable subscriptions keep the read models (members, priorities) and
// the erasure; responders answer the account's export and counts.
import { ACCOUNT_COUNT_REQUESTS, EXPORT_REQUESTS, accountEvents, authEvents, briefingEvents, prioritiesEvents } from '@civic/contracts';
import { responder, serviceEvents, type ServiceHandlers, subscription } from '@civic/service-kit/events';
import { requestUserOf } from '@civic/service-kit';
import type { BriefingContext } from './context.ts';
import { countBriefingData } from './data-rights/count-documents.ts';
import { eraseUser } from './data-rights/erase-user.ts';
import { exportBriefingSection } from './data-rights/export-briefing-section.ts';
import { addMember, applyProfileUpdate, recordPriority } from './members/update-members.ts';

export const BRIEFING_SCHEMA = 'briefing';

const events = serviceEvents(BRIEFING_SCHEMA);
export const { publishingDb } = events;
const emit = events.emitter;

export const emitDocumentCreated = emit(briefingEvents.DocumentCreated);
export const emitDocumentDeleted = emit(briefingEvents.DocumentDeleted);

export function briefingHandlers(ctx: BriefingContext): ServiceHandlers {
  return {
    subscriptions: [
      subscription(authEvents.UserRegistered, (p, { tx }) => addMember(tx, p.userId)),
      subscription(accountEvents.ProfileUpdated, (p, { tx }) => applyProfileUpdate(tx, p)),
      subscription(prioritiesEvents.PriorityCreated, (p, { tx }) => recordPriority(tx, p)),
      // Account erasure: the user's documents go (data-rights/erase-user.ts).
      subscription(accountEvents.UserDeleted, (p, { tx }) => eraseUser(tx, p.userId, p.deletedAt)),
    ],
    responders: [
      responder(EXPORT_REQUESTS.briefing, (_payload, identity) => exportBriefingSection(ctx, requestUserOf(identity))),
      responder(ACCOUNT_COUNT_REQUESTS.briefing, (_payload, identity) => countBriefingData(ctx, requestUserOf(identity))),
    ],
  };
}
