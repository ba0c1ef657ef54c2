// Every event the auth service publishes and every subscription it holds, in one place. Each
// published event is written to the outbox inside the transaction of the change it reports
// (SECURITY 19); the relay publishes it afterwards.
import { accountEvents, authEvents, ledgerEvents } from '@civic/contracts';
import { serviceEvents } from '@civic/service-kit/events';
import type { AuthContext } from './context.ts';
import { eraseUser } from './data-rights/erase-user.ts';
import { applyBalanceChange } from './users/apply-balance-change.ts';
import { applyProfileUpdate } from './users/apply-profile-update.ts';

export const AUTH_SCHEMA = 'auth';

const events = serviceEvents(AUTH_SCHEMA);
export const { publishCommitted } = events;
const emit = events.emitter;

export const emitUserRegistered = emit(authEvents.UserRegistered);
export const emitUserSignedIn = emit(authEvents.UserSignedIn);
export const emitSessionRevoked = emit(authEvents.SessionRevoked);

export async function subscribeAuthConsumers(ctx: Pick<AuthContext, 'db' | 'platform'>): Promise<void> {
  // Names and the other profile fields of GET /api/auth/user (DESIGN 6: auth keeps that read model).
  await ctx.platform.events.subscribe({
    consumer: AUTH_SCHEMA,
    event: accountEvents.ProfileUpdated,
    db: ctx.db,
    schema: AUTH_SCHEMA,
    handle: (payload, { tx }) => applyProfileUpdate(tx, payload),
  });
  // politicalCapital of GET /api/auth/user (the ledger owns balances).
  await ctx.platform.events.subscribe({
    consumer: AUTH_SCHEMA,
    event: ledgerEvents.BalanceChanged,
    db: ctx.db,
    schema: AUTH_SCHEMA,
    handle: (payload, { tx }) => applyBalanceChange(tx, payload),
  });
  // Account erasure (docs/protocols/account-data.md).
  await ctx.platform.events.subscribe({
    consumer: AUTH_SCHEMA,
    event: accountEvents.UserDeleted,
    db: ctx.db,
    schema: AUTH_SCHEMA,
    handle: (payload, { tx }) => eraseUser(tx, ctx.platform.sessions, payload.userId),
  });
}
