// Every event the account service publishes and every subscription it holds, in one place. Published
// events are written to the outbox inside the transaction of the change they report; the relay
// publishes them afterwards.
import { accountEvents, authEvents } from '@civic/contracts';
import { type EventSubscription, serviceEvents } from '@civic/service-kit/events';
import type { AccountContext } from './context.ts';
import { createAccountRecords } from './profiles/create-account-records.ts';

export const ACCOUNT_SCHEMA = 'account';

const events = serviceEvents(ACCOUNT_SCHEMA);
export const { publishCommitted } = events;
const emit = events.emitter;

export const emitProfileUpdated = emit(accountEvents.ProfileUpdated);
export const emitPrivacyChanged = emit(accountEvents.PrivacyChanged);
export const emitUserDeleted = emit(accountEvents.UserDeleted);

export async function subscribeAccountConsumers(ctx: AccountContext): Promise<EventSubscription[]> {
  return [
    // Every new user gets an empty profile and default settings, so /profile/{id} answers for them.
    await ctx.platform.events.subscribe({
      consumer: ACCOUNT_SCHEMA,
      event: authEvents.UserRegistered,
      db: ctx.db,
      schema: ACCOUNT_SCHEMA,
      handle: (payload, { tx }) => createAccountRecords(tx, payload.userId),
    }),
  ];
}
