// Every subscription and request the account service answers, registered by the kit from app.ts; apart
// from the emitters (events.ts), which the handlers' own code imports, and the data rights (app.ts).
import { authEvents, ledgerEvents, notificationsEvents, socialEvents } from '@civic/contracts';
import { type ServiceHandlers, subscription } from '@civic/service-kit/events';
import type { AccountContext } from './context.ts';
import { applyBlockChange, applyFollowChange } from './network/apply-relation-changes.ts';
import { applyBalanceChange, applyCountsChange } from './network/apply-standing-changes.ts';
import { createAccountRecords } from './profiles/create-account-records.ts';
import { applySwitchUnsubscribed } from './settings/apply-switch-unsubscribed.ts';

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
      // A mail's one-click unsubscribe link: the switch goes off here too, where settings live.
      subscription(notificationsEvents.SwitchUnsubscribed, (payload, { tx }) => applySwitchUnsubscribed(ctx, tx, payload)),
    ],
  };
}
