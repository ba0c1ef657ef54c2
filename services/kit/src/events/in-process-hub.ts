// The embedded profile's transport: every service in one process shares one hub. It is durable
// because it is fed only by outbox relays, and a row counts as delivered only when every subscriber
// has settled it (handled it, seen it before, or kept it in its dead-letter store). Until then the row stays
// unpublished and the relay tries again after a backoff; subscribers that already succeeded skip it
// through their processed_events.
import type { EventDefinition, TEventEnvelope } from '@civic/contracts/shared/define-event';
import { describeError, type EventLogger } from './event-logger.ts';
import { type EventInstruments, NO_EVENT_INSTRUMENTS } from './event-metrics.ts';
import { hasOpenDeadLetter, recordDeadLetter } from './dead-letters.ts';
import { decideAfterFailure, errorLine } from './failure-decision.ts';
import { createBatchConsumerStep, createConsumerStep, DEFAULT_MAX_BATCH } from './process-event.ts';
import type { SqlDriver } from '../db/sql-driver.ts';
import { resolveRetryPolicy, retryDelayMs, type RetryPolicy } from './retry-policy.ts';
import { checkConsumerName } from './sql-names.ts';
import type { EventSubscription, SubscribeOptions } from './subscription.ts';
import { runInConsumerBatchSpan, runInConsumerSpan, type TraceHeaders } from './trace-headers.ts';

interface HubSubscriber {
  consumer: string;
  subject: string;
  version: number;
  retry: RetryPolicy;
  logger: EventLogger;
  instruments: EventInstruments;
  /** The consumer's database and schema: its dead-letter store. */
  db: SqlDriver;
  schema: string;
  deliver(envelope: TEventEnvelope, headers: TraceHeaders): Promise<unknown>;
  /** Batch mode (subscription.ts handleBatch): several events in one transaction, at most maxBatch. */
  deliverBatch: ((deliveries: readonly HubDelivery[]) => Promise<unknown>) | null;
  maxBatch: number;
}

/** One event handed to the hub, with its trace headers and its delivery attempt (1-based). */
export interface HubDelivery {
  envelope: TEventEnvelope;
  headers: TraceHeaders;
  attempt: number;
}

export interface HubDeliveryResult {
  /** null: every subscriber settled the event; otherwise try again after this long. */
  retryInMs: number | null;
  errors: string[];
}

export interface InProcessHub {
  /**
   * Lets relays deliver. Call once every service has subscribed (e.g. in the gateway's onReady):
   * delivering earlier would settle leftover rows before their subscribers exist.
   */
  start(): void;
  readonly started: boolean;
  /** Called on start(); returns an unsubscribe function. */
  onStart(listener: () => void): () => void;
  subscribe<E extends EventDefinition>(
    options: SubscribeOptions<E>,
    defaults: { logger: EventLogger; retry?: Partial<RetryPolicy>; instruments?: EventInstruments },
  ): EventSubscription;
  /**
   * Non-durable: calls `listener` with every event of `subject`/`version` handed to the hub from now
   * on, once per event (on its first delivery attempt), before the durable subscribers run. Returns
   * an unwatch function. A listener's failure never affects delivery.
   */
  watch(subject: string, version: number, listener: (envelope: TEventEnvelope) => void): () => void;
  /** One delivery attempt (1-based) of an event to every current subscriber of its subject and version. */
  deliver(envelope: TEventEnvelope, headers: TraceHeaders, attempt: number): Promise<HubDeliveryResult>;
  /**
   * Delivers several events (in the outbox's order), one result per event. A batch subscriber gets
   * its events of the lot in batches of its maxBatch, each in one transaction; the events of a batch
   * that failed, and every event for the other subscribers, go one at a time as deliver() does.
   */
  deliverAll(deliveries: readonly HubDelivery[]): Promise<HubDeliveryResult[]>;
}

export function createInProcessHub(): InProcessHub {
  const subscribers = new Map<string, HubSubscriber[]>();
  const watchers = new Map<string, Set<(envelope: TEventEnvelope) => void>>();
  const startListeners = new Set<() => void>();
  let started = false;
  const keyOf = (subject: string, version: number) => `${subject}#${version}`;

  const hub: InProcessHub = {
    get started() {
      return started;
    },

    start() {
      if (started) return;
      started = true;
      for (const listener of startListeners) listener();
    },

    onStart(listener) {
      startListeners.add(listener);
      return () => startListeners.delete(listener);
    },

    subscribe(options, defaults) {
      const consumer = checkConsumerName(options.consumer);
      const { subject, version } = options.event;
      const key = keyOf(subject, version);
      const list = subscribers.get(key) ?? [];
      if (list.some((s) => s.consumer === consumer)) {
        throw new Error(`Consumer ${consumer} already subscribes to ${subject} v${version}`);
      }
      const processEvent = createConsumerStep(options, defaults.logger);
      const { handleBatch } = options;
      const processBatch = handleBatch ? createBatchConsumerStep({ ...options, handleBatch }, defaults.logger) : null;
      const subscriber: HubSubscriber = {
        consumer,
        subject,
        version,
        retry: resolveRetryPolicy(defaults.retry, options.retry),
        logger: defaults.logger,
        instruments: defaults.instruments ?? NO_EVENT_INSTRUMENTS,
        db: options.db,
        schema: options.schema,
        deliver: (envelope, headers) => runInConsumerSpan(headers, envelope, consumer, 'in-process', () => processEvent(envelope)),
        deliverBatch: processBatch
          ? (deliveries) =>
              runInConsumerBatchSpan(
                deliveries.map((d) => d.headers),
                subject,
                consumer,
                'in-process',
                () => processBatch(deliveries.map((d) => d.envelope)),
              )
          : null,
        maxBatch: Math.max(1, Math.floor(options.maxBatch ?? DEFAULT_MAX_BATCH)),
      };
      subscribers.set(key, [...list, subscriber]);
      return {
        consumer,
        subject,
        version,
        async stop() {
          subscribers.set(
            key,
            (subscribers.get(key) ?? []).filter((s) => s !== subscriber),
          );
        },
      };
    },

    watch(subject, version, listener) {
      const key = keyOf(subject, version);
      const set = watchers.get(key) ?? new Set();
      // A wrapper per call, so watching twice with one function gives two independent watches.
      const watcher = (envelope: TEventEnvelope) => listener(envelope);
      set.add(watcher);
      watchers.set(key, set);
      return () => void set.delete(watcher);
    },

    async deliver(envelope, headers, attempt) {
      const [result] = await hub.deliverAll([{ envelope, headers, attempt }]);
      return result!;
    },

    async deliverAll(deliveries) {
      for (const { envelope, attempt } of deliveries) {
        if (attempt !== 1) continue;
        for (const watcher of watchers.get(keyOf(envelope.subject, envelope.version)) ?? []) {
          try {
            watcher(envelope);
          } catch {
            // A watcher is best-effort (live views); its failure is its own to log.
          }
        }
      }
      const results: HubDeliveryResult[] = deliveries.map(() => ({ retryInMs: null, errors: [] }));
      // Batch subscribers first: what a committed batch settled is skipped on the per-event pass.
      const settled = new Map<HubSubscriber, Set<number>>();
      const batchSubscribers = new Set<HubSubscriber>();
      for (const { envelope } of deliveries) {
        for (const subscriber of subscribers.get(keyOf(envelope.subject, envelope.version)) ?? []) {
          if (subscriber.deliverBatch) batchSubscribers.add(subscriber);
        }
      }
      for (const subscriber of batchSubscribers) {
        const done = new Set<number>();
        settled.set(subscriber, done);
        const mine: number[] = [];
        for (const [index, { envelope, attempt }] of deliveries.entries()) {
          if (envelope.subject !== subscriber.subject || envelope.version !== subscriber.version) continue;
          // A subscriber that dead-lettered the event on an earlier attempt has settled it.
          if (attempt > 1 && (await deadLettered(subscriber, envelope))) {
            done.add(index);
            continue;
          }
          if (attempt > 1) subscriber.instruments.redelivered(subscriber.consumer, envelope.subject, 'in-process');
          mine.push(index);
        }
        for (let start = 0; start < mine.length; start += subscriber.maxBatch) {
          const chunk = mine.slice(start, start + subscriber.maxBatch);
          if (chunk.length < 2) continue;
          try {
            await subscriber.deliverBatch!(chunk.map((index) => deliveries[index]!));
            for (const index of chunk) done.add(index);
          } catch (error) {
            subscriber.logger.warn(
              { consumer: subscriber.consumer, subject: subscriber.subject, events: chunk.length, err: describeError(error) },
              'event batch failed; applying its events one at a time',
            );
          }
        }
      }
      // Sequential: in the embedded profile the subscribers usually share one PGlite connection anyway.
      for (const [index, delivery] of deliveries.entries()) {
        const { envelope } = delivery;
        for (const subscriber of subscribers.get(keyOf(envelope.subject, envelope.version)) ?? []) {
          if (settled.get(subscriber)?.has(index)) continue;
          await deliverOne(subscriber, delivery, results[index]!);
        }
      }
      return results;
    },
  };
  return hub;

  async function deadLettered(subscriber: HubSubscriber, envelope: TEventEnvelope): Promise<boolean> {
    return hasOpenDeadLetter(subscriber.db, subscriber.schema, subscriber.consumer, envelope.id);
  }

  /** One event to one subscriber: applied, or a retry delay, or kept in its dead-letter store. */
  async function deliverOne(subscriber: HubSubscriber, { envelope, headers, attempt }: HubDelivery, result: HubDeliveryResult): Promise<void> {
    const log = { consumer: subscriber.consumer, subject: envelope.subject, eventId: envelope.id, deliveries: attempt };
    const retryIn = (delayMs: number) => {
      result.retryInMs = result.retryInMs === null ? delayMs : Math.min(result.retryInMs, delayMs);
    };
    try {
      // A subscriber that dead-lettered the event on an earlier attempt has settled it.
      if (attempt > 1 && !subscriber.deliverBatch && (await deadLettered(subscriber, envelope))) return;
      // A batch subscriber's redelivery was counted when its batch was formed.
      if (attempt > 1 && !subscriber.deliverBatch) subscriber.instruments.redelivered(subscriber.consumer, envelope.subject, 'in-process');
      await subscriber.deliver(envelope, headers);
    } catch (error) {
      result.errors.push(`${subscriber.consumer}: ${describeError(error).message}`);
      const decision = decideAfterFailure(subscriber.retry, error, attempt);
      if (decision.action === 'retry') {
        subscriber.logger.warn(
          { ...log, failure: decision.kind, delayMs: decision.delayMs, err: describeError(error) },
          'event handler failed; will redeliver',
        );
        retryIn(decision.delayMs);
        return;
      }
      try {
        await recordDeadLetter(subscriber.db, subscriber.schema, {
          consumer: subscriber.consumer,
          subject: envelope.subject,
          envelope,
          headers,
          error: errorLine(error),
          deliveries: attempt,
        });
        subscriber.instruments.deadLettered(subscriber.consumer, envelope.subject, 'in-process');
        subscriber.logger.error({ ...log, err: describeError(error) }, 'event dead-lettered: kept for replay (npm run events:replay)');
      } catch (storeError) {
        const delayMs = retryDelayMs(subscriber.retry, attempt);
        subscriber.logger.warn({ ...log, delayMs, err: describeError(storeError) }, 'could not store the dead letter; will redeliver');
        retryIn(delayMs);
      }
    }
  }
}
