// Every event the account service publishes and every subscription it holds, in one place. Published
// events are written to the outbox inside the transaction of the change they report; the relay
// publishes them afterwards.
import { accountEvents, authEvents, type EventDefinition, type EventPayload } from '@civic/contracts';
import { enqueueEvent } from '@civic/service-kit/events/enqueue-event';
import type { EventSubscription } from '@civic/service-kit/events/index';
import type { SqlExecutor } from '@civic/service-kit/events/sql-executor';
import type { AccountContext } from './context.ts';
import { createAccountRecords } from './profiles/create-account-records.ts';

export const ACCOUNT_SCHEMA = 'account';

/** Publishes what the last commit enqueued now rather than at the relay's next poll. */
export function publishCommitted(ctx: { platform: { events: { kick(schema: string): void } } }): void {
  ctx.platform.events.kick(ACCOUNT_SCHEMA);
}

function emit<E extends EventDefinition>(event: E) {
  return (tx: SqlExecutor, payload: EventPayload<E>) => enqueueEvent(tx, ACCOUNT_SCHEMA, event, payload);
}

export const emitProfileUpdated = emit(accountEvents.ProfileUpdated);

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
