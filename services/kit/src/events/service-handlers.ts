// The one way a service declares what it handles besides HTTP: its durable event subscriptions and
// its request responders, listed together in the service's handlers.ts and registered by app.ts with
// one call. Every subscription is the service's own consumer (named after its schema) and writes
// through the service's database, so a declaration names only the event and the handler.
import type { EventDefinition } from '@civic/contracts/shared/define-event';
import type { RequestBus } from '../requests/request-bus.ts';
import type { Responder } from '../requests/responder.ts';
import type { EventBus } from './event-bus.ts';
import { singleEventHandler, type BatchEventHandler, type EventHandler } from './process-event.ts';
import type { SqlDriver } from '../db/sql-driver.ts';
import type { EventSubscription, SubscribeOptions } from './subscription.ts';

export { responder, type Responder } from '../requests/responder.ts';

/** The consumer every subscription of a service runs as: its schema (inbox, dead letters) and its database. */
export interface ServiceConsumer {
  schema: string;
  db: SqlDriver;
}

export interface Subscription {
  readonly event: EventDefinition;
  subscribe(events: EventBus, consumer: ServiceConsumer): Promise<EventSubscription>;
}

/** Per-subscription settings beyond the event and its handler (retry policy, NATS concurrency). */
export type SubscriptionOptions = Pick<SubscribeOptions<EventDefinition>, 'retry' | 'concurrency'>;

export function subscription<E extends EventDefinition>(event: E, handle: EventHandler<E>, options: SubscriptionOptions = {}): Subscription {
  return {
    event,
    subscribe: (events, { schema, db }) => events.subscribe({ ...options, consumer: schema, schema, event, db, handle }),
  };
}

/** Settings of a batch subscription: the most events in one transaction, and the retry policy of the fallback. */
export type BatchSubscriptionOptions = Pick<SubscribeOptions<EventDefinition>, 'retry' | 'maxBatch'>;

/**
 * A subscription in batch mode (subscription.ts `handleBatch`): `handleBatch` applies up to
 * `maxBatch` queued events in one transaction; its batch of one is the per-event handler used when
 * a batch fails and for dead-letter replays.
 */
export function batchSubscription<E extends EventDefinition>(
  event: E,
  handleBatch: BatchEventHandler<E>,
  options: BatchSubscriptionOptions = {},
): Subscription {
  return {
    event,
    subscribe: (events, { schema, db }) =>
      events.subscribe({ ...options, consumer: schema, schema, event, db, handle: singleEventHandler(handleBatch), handleBatch }),
  };
}

export interface ServiceHandlers {
  subscriptions?: readonly Subscription[];
  responders?: readonly Responder[];
}

/**
 * Subscribes, in the order declared, then starts answering requests. The bus stops both when the
 * platform closes; a subscription's durable position is kept.
 */
export async function registerServiceHandlers(
  platform: { events: EventBus; requests: RequestBus },
  consumer: ServiceConsumer,
  handlers: ServiceHandlers,
): Promise<EventSubscription[]> {
  const subscribed: EventSubscription[] = [];
  for (const declared of handlers.subscriptions ?? []) subscribed.push(await declared.subscribe(platform.events, consumer));
  for (const declared of handlers.responders ?? []) await declared.register(platform.requests);
  return subscribed;
}
