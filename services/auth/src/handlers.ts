// Every subscription and request the auth service answers, registered by the kit from app.ts; apart
// from the emitters (events.ts), which the handlers' own code imports, and the data rights (app.ts).
import { AUTH_REQUESTS, accountEvents, adminEvents, ledgerEvents, socialEvents } from '@civic/contracts';
import { batchSubscription, responder, type ServiceHandlers, subscription } from '@civic/service-kit/events';
import type { AuthContext } from './context.ts';
import { applyBalanceChanges } from './users/apply-balance-change.ts';
import { applyCountsChanges } from './users/apply-counts-change.ts';
import { applyProfileUpdate } from './users/apply-profile-update.ts';
import { directoryPage } from './users/directory-page.ts';
import { lookupUser } from './users/lookup-user.ts';
import { applyAutoBan } from './users/standing/auto-ban.ts';
import { changeStanding } from './users/standing/change-standing.ts';

export function authHandlers(ctx: AuthContext): ServiceHandlers {
  return {
    subscriptions: [
      // Names and the other profile fields of GET /api/auth/user (DESIGN 6: auth keeps that read model).
      subscription(accountEvents.ProfileUpdated, (payload, { tx }) => applyProfileUpdate(tx, payload)),
      // politicalCapital of GET /api/auth/user (the ledger owns balances). In batches (the kit's batch
      // mode, up to 64 events a transaction): each applies only a newer version, so they commute.
      batchSubscription(ledgerEvents.BalanceChanged, (items, { tx }) => applyBalanceChanges(tx, items)),
      // followers, following and recruited of GET /api/auth/user (social owns follows and recruits).
      // In batches too: every follow makes two, and one transaction per event bounded the
      // followers-count lag (docs/benchmarks.md, network).
      batchSubscription(socialEvents.CountsChanged, (items, { tx }) => applyCountsChanges(tx, items)),
      // Reports reached auto_ban_threshold: auth, the one writer of the ban flag, bans.
      subscription(adminEvents.AutoBanRequested, (payload, { tx }) => applyAutoBan(tx, ctx.platform.sessions, payload, ctx.platform.clock.now())),
    ],
    responders: [
      // A service whose read model of users lags asks whether an account exists (social's follows).
      responder(AUTH_REQUESTS.userLookup, (payload) => lookupUser(ctx, payload)),
      // The admin service rebuilding its users directory from scratch reads every account back.
      responder(AUTH_REQUESTS.userDirectory, (payload) => directoryPage(ctx, payload)),
      // The admin service's user actions: roles, bans and approvals.
      responder(AUTH_REQUESTS.changeStanding, (payload, identity) => changeStanding(ctx, payload, identity)),
    ],
  };
}
