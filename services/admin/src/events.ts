// Every event the admin service publishes and every subscription and request it answers, in one
// place. civic.admin.announcement.changed and civic.admin.user.auto_ban_requested are written to the
// outbox in the transaction of the change and published right after its commit. Subscriptions: other
// services' administrator actions become audit entries; the content citizens can report and the
// standing changes the automatic ban follows; the erasure. Responders: the account's export.
import { accountEvents, adminEvents, authEvents, briefingEvents, EXPORT_REQUESTS, prioritiesEvents } from '@civic/contracts';
import { requestUserOf } from '@civic/service-kit';
import { responder, serviceEvents, type ServiceHandlers, subscription } from '@civic/service-kit/events';
import { recordBriefingDeletion } from './audit/record-from-event.ts';
import type { AdminContext } from './context.ts';
import { eraseUser } from './data-rights/erase-user.ts';
import { exportAdminSection } from './data-rights/export-admin-section.ts';
import { applyStandingToReports } from './reports/auto-ban.ts';
import { documentCreated, documentDeleted, priorityCreated, priorityRemoved } from './reports/content-events.ts';

export const ADMIN_SCHEMA = 'admin';

const events = serviceEvents(ADMIN_SCHEMA);
export const { publishingDb } = events;
const emit = events.emitter;

export const emitAnnouncementChanged = emit(adminEvents.AnnouncementChanged);
export const emitAutoBanRequested = emit(adminEvents.AutoBanRequested);

export function adminHandlers(ctx: AdminContext): ServiceHandlers {
  return {
    subscriptions: [
      // Administrators' actions in other services (spec 3 vocabulary), once each by event id.
      // A deleted document is also no longer reportable (reports/content-events.ts).
      subscription(briefingEvents.DocumentDeleted, async (p, { tx, envelope }) => {
        await recordBriefingDeletion(tx, envelope.id, p);
        await documentDeleted(tx, p);
      }),
      // The content citizens can report (issue 20): its author and title, and whether it was removed.
      subscription(prioritiesEvents.PriorityCreated, (p, { tx }) => priorityCreated(tx, p)),
      subscription(prioritiesEvents.PriorityRemoved, (p, { tx }) => priorityRemoved(tx, p)),
      subscription(briefingEvents.DocumentCreated, (p, { tx }) => documentCreated(tx, p)),
      // The automatic ban never hits an admin, and an unban starts a new episode (reports/auto-ban.ts).
      subscription(authEvents.UserStandingChanged, (p, { tx }) => applyStandingToReports(ctx, tx, p)),
      // Account erasure: audit entries keep their pseudonym, the link to the account goes.
      subscription(accountEvents.UserDeleted, (p, { tx }) => eraseUser(tx, p.userId, p.deletedAt)),
    ],
    responders: [responder(EXPORT_REQUESTS.admin, (_payload, identity) => exportAdminSection(ctx, requestUserOf(identity)))],
  };
}
