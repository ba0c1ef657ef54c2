// Every event the admin service publishes and every subscription and request it answers, in one
// place. civic.admin.announcement.changed is written to the outbox in the transaction of the change
// and published right after its commit. Subscriptions: other services' administrator actions become
// audit entries; the users directory's owners' events; the erasure. Responders: the account's export.
import { accountEvents, adminEvents, authEvents, briefingEvents, EXPORT_REQUESTS, ledgerEvents, prioritiesEvents, socialEvents } from '@civic/contracts';
import { requestUserOf } from '@civic/service-kit';
import { responder, serviceEvents, type ServiceHandlers, subscription } from '@civic/service-kit/events';
import { recordBriefingDeletion, recordPriorityRemoval } from './audit/record-from-event.ts';
import type { AdminContext } from './context.ts';
import { eraseUser } from './data-rights/erase-user.ts';
import { exportAdminSection } from './data-rights/export-admin-section.ts';
import { applyBalance, applyFollowers } from './users/apply-numbers.ts';
import { applyProfile } from './users/apply-profile.ts';
import { applyRegistration } from './users/apply-registration.ts';
import { applyStanding } from './users/apply-standing.ts';
import { recordStandingChange } from './users/record-standing-audit.ts';

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
      // The users directory (src/users), each owner's part version-guarded. A standing change is also
      // its audit entry: both in one transaction, once per event.
      subscription(authEvents.UserRegistered, (p, { tx }) => applyRegistration(tx, p)),
      subscription(authEvents.UserStandingChanged, async (p, { tx, envelope }) => {
        await applyStanding(tx, p);
        await recordStandingChange(tx, envelope.id, p);
      }),
      subscription(accountEvents.ProfileUpdated, (p, { tx }) => applyProfile(tx, p)),
      subscription(ledgerEvents.BalanceChanged, (p, { tx }) => applyBalance(tx, p)),
      subscription(socialEvents.CountsChanged, (p, { tx }) => applyFollowers(tx, p)),
      // Account erasure: audit entries keep their pseudonym, the link to the account goes.
      subscription(accountEvents.UserDeleted, (p, { tx }) => eraseUser(tx, p.userId, p.deletedAt)),
    ],
    responders: [responder(EXPORT_REQUESTS.admin, (_payload, identity) => exportAdminSection(ctx, requestUserOf(identity)))],
  };
}
