// Every subscription and request the admin service answers (the emitters are events.ts, the data
// rights app.ts). The kit allows one subscription per event, so an event several parts follow has one
// handler that does each part in the same transaction.
import { accountEvents, authEvents, briefingEvents, ledgerEvents, prioritiesEvents, socialEvents } from '@civic/contracts';
import { type ServiceHandlers, subscription } from '@civic/service-kit/events';
import { recordBriefingDeletion, recordOpenDataSnapshot, recordPriorityRemoval } from './audit/record-from-event.ts';
import type { AdminContext } from './context.ts';
import { applyStandingToReports } from './reports/auto-ban.ts';
import { documentCreated, documentDeleted, priorityCreated, priorityRemoved } from './reports/content-events.ts';
import { applyBalance, applyFollowers } from './users/apply-numbers.ts';
import { applyProfile } from './users/apply-profile.ts';
import { applyRegistration } from './users/apply-registration.ts';
import { applyStanding } from './users/apply-standing.ts';
import { recordStandingChange } from './users/record-standing-audit.ts';

export function adminHandlers(ctx: AdminContext): ServiceHandlers {
  return {
    subscriptions: [
      // Administrators' actions in other services (spec 3 vocabulary), once each by event id.
      // A deleted document is also no longer reportable (reports/content-events.ts).
      subscription(briefingEvents.DocumentDeleted, async (p, { tx, envelope }) => {
        await recordBriefingDeletion(tx, envelope.id, p);
        await documentDeleted(tx, p);
      }),
      // A removed priority: its delete_priority entry, and it is no longer reportable.
      subscription(prioritiesEvents.PriorityRemoved, async (p, { tx, envelope }) => {
        await recordPriorityRemoval(tx, envelope.id, p);
        await priorityRemoved(tx, p);
      }),
      // An administrator's open-data snapshot; the schedule's are nobody's action.
      subscription(prioritiesEvents.OpenDataSnapshotTaken, (p, { tx, envelope }) => recordOpenDataSnapshot(tx, envelope.id, p)),
      // The content citizens can report: its author and title.
      subscription(prioritiesEvents.PriorityCreated, (p, { tx }) => priorityCreated(tx, p)),
      subscription(briefingEvents.DocumentCreated, (p, { tx }) => documentCreated(tx, p)),
      // The users directory (src/users), each owner's part version-guarded. A standing change is also
      // its audit entry, and the reports' view of the author (the automatic ban never hits an admin; an
      // unban starts a new episode, reports/auto-ban.ts): all in one transaction, once per event.
      subscription(authEvents.UserRegistered, (p, { tx }) => applyRegistration(tx, p)),
      subscription(authEvents.UserStandingChanged, async (p, { tx, envelope }) => {
        await applyStanding(tx, p);
        await recordStandingChange(tx, envelope.id, p);
        await applyStandingToReports(ctx, tx, p);
      }),
      subscription(accountEvents.ProfileUpdated, (p, { tx }) => applyProfile(tx, p)),
      subscription(ledgerEvents.BalanceChanged, (p, { tx }) => applyBalance(tx, p)),
      subscription(socialEvents.CountsChanged, (p, { tx }) => applyFollowers(tx, p)),
    ],
  };
}
