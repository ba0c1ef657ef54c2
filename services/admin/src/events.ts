// Every event the admin service publishes and every subscription and request it answers, in one
// place. civic.admin.announcement.changed is written to the outbox in the transaction of the change
// and published right after its commit. Subscriptions: other services' administrator actions become
// audit entries; the erasure. Responders: the account's export.
import { accountEvents, adminEvents, briefingEvents, EXPORT_REQUESTS, prioritiesEvents } from '@civic/contracts';
import { requestUserOf } from '@civic/service-kit';
import { responder, serviceEvents, type ServiceHandlers, subscription } from '@civic/service-kit/events';
import { recordBriefingDeletion, recordPriorityRemoval } from './audit/record-from-event.ts';
import type { AdminContext } from './context.ts';
import { eraseUser } from './data-rights/erase-user.ts';
import { exportAdminSection } from './data-rights/export-admin-section.ts';

export const ADMIN_SCHEMA = 'admin';

const events = serviceEvents(ADMIN_SCHEMA);
export const { publishingDb } = events;
const emit = events.emitter;

export const emitAnnouncementChanged = emit(adminEvents.AnnouncementChanged);

export function adminHandlers(ctx: AdminContext): ServiceHandlers {
  return {
    subscriptions: [
      // Administrators' actions in other services (spec 3 vocabulary), once each by event id.
      subscription(briefingEvents.DocumentDeleted, (p, { tx, envelope }) => recordBriefingDeletion(tx, envelope.id, p)),
      subscription(prioritiesEvents.PriorityRemoved, (p, { tx, envelope }) => recordPriorityRemoval(tx, envelope.id, p)),
      // Account erasure: audit entries keep their pseudonym, the link to the account goes.
      subscription(accountEvents.UserDeleted, (p, { tx }) => eraseUser(tx, p.userId, p.deletedAt)),
    ],
    responders: [responder(EXPORT_REQUESTS.admin, (_payload, identity) => exportAdminSection(ctx, requestUserOf(identity)))],
  };
}
