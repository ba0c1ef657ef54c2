// Every event the account service publishes and every subscription and request it answers, in one
// place. Published events are written to the outbox inside the transaction of the change they
// report, and published right after its commit by the database handle made here (the relay's poll
// repairs a crash in between).
import { EXPORT_REQUESTS, accountEvents, authEvents, ledgerEvents, notificationsEvents, socialEvents } from '@civic/contracts';
import { responder, serviceEvents, type ServiceHandlers, subscription } from '@civic/service-kit/events';
import { requestUserOf } from '@civic/service-kit';
import type { AccountContext } from './context.ts';
import { exportAccountSection } from './data-rights/export-account-section.ts';
import { applyBlockChange, applyFollowChange } from './network/apply-relation-changes.ts';
import { applyBalanceChange, applyCountsChange } from './network/apply-standing-changes.ts';
import { createAccountRecords } from './profiles/create-account-records.ts';
import { applySwitchUnsubscribed } from './settings/apply-switch-unsubscribed.ts';

export const ACCOUNT_SCHEMA = 'account';

const events = serviceEvents(ACCOUNT_SCHEMA);
export const { publishingDb } = events;
const emit = events.emitter;

export const emitProfileUpdated = emit(accountEvents.ProfileUpdated);
export const emitPrivacyChanged = emit(accountEvents.PrivacyChanged);
export const emitSettingsChanged = emit(accountEvents.SettingsChanged);
export const emitUserDeleted = emit(accountEvents.UserDeleted);

export function accountHandlers(ctx: AccountContext): ServiceHandlers {
  return {
    subscriptions: [
      // Every new user gets an empty profile and default settings, so /profile/{id} answers for them.
      subscription(authEvents.UserRegistered, (payload, { tx }) => createAccountRecords(tx, payload.userId)),
      // The standing every public profile shows (spec 2.10): political capital and network counts.
      subscription(ledgerEvents.BalanceChanged, (payload, { tx }) => applyBalanceChange(tx, payload)),
      subscription(socialEvents.CountsChanged, (payload, { tx }) => applyCountsChange(tx, payload)),
      // The viewer's relation on a profile, and who Discover leaves out (blocked either way).
      subscription(socialEvents.FollowChanged, (payload, { tx }) => applyFollowChange(tx, payload)),
      subscription(socialEvents.BlockChanged, (payload, { tx }) => applyBlockChange(tx, payload)),
      // A mail's one-click unsubscribe link (issue 22): the switch goes off here too, where settings live.
      subscription(notificationsEvents.SwitchUnsubscribed, (payload, { tx }) => applySwitchUnsubscribed(ctx, tx, payload)),
    ],
    responders: [responder(EXPORT_REQUESTS.account, (_payload, identity) => exportAccountSection(ctx, requestUserOf(identity)))],
  };
}
