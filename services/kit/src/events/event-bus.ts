// One facade over both transports, so a service's src/events.ts and handlers.ts wire its relay and subscriptions the
// same way in the embedded profile (in-process hub) and the distributed one (NATS JetStream).
//
//   await bus.startRelay({ db, schema: 'auth', service: 'auth' });
//   await bus.subscribe({ consumer: 'auth', event: ProfileUpdated, db, schema: 'auth', handle });
//   // in a request: db.transaction(tx => { ...; return enqueueEvent(tx, 'auth', UserRegistered, p) });
//   bus.kick('auth');   // after the commit (publish-after-commit.ts does it); the relay's poll covers a missed kick
//   await bus.watch(VoteCast, (envelope) => ...);   // live views: every replica sees every event
import type { BatchObservableCallback, Meter, Observable } from '@opentelemetry/api';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { producerOf, ZEventEnvelope, type EventDefinition, type EventPayload, type TEventEnvelope } from '@civic/contracts/shared/define-event';
import { describeError, type EventLogger } from './event-logger.ts';
import { countOpenDeadLetters } from './dead-letters.ts';
import { createEventInstruments, type EventInstruments } from './event-metrics.ts';
import { SCRAPE_READ_TIMEOUT_MS, within } from '../metrics/process-metrics.ts';
import type { SqlDriver } from '../db/sql-driver.ts';
import type { InProcessHub } from './in-process-hub.ts';
import { createInProcessSink } from './in-process-sink.ts';
import { createNatsSink } from './nats-sink.ts';
import { ensureStreams, type StreamOptions } from './nats-streams.ts';
import { wireSubjectFor } from './naming.ts';
import { subscribeNats, type NatsConsumerSettings } from './nats-subscriber.ts';
import { startOutboxRelay, type OutboxRelay, type OutboxRelayOptions, type OutboxSink } from './outbox-relay.ts';
import { startDeadLetterReplayer, type DeadLetterReplayer } from './dead-letter-replayer.ts';
import { consumerSchemaFor, createConsumerStep } from './process-event.ts';
import { resolveRetryPolicy, type RetryPolicy } from './retry-policy.ts';
import type { EventSubscription, SubscribeOptions } from './subscription.ts';

export type EventTransport = 'nats' | 'in-process';

export interface EventBusOptions {
  transport: EventTransport;
  logger: EventLogger;
  /** Default retry policy for this bus's consumers (and in-process deliveries). */
  retry?: Partial<RetryPolicy>;
  /** nats: server URL(s), default nats://127.0.0.1:4222; ignored when `natsConnection` is given. */
  natsUrl?: string | string[];
  /** nats: an existing connection to share (the bus then does not close it). */
  natsConnection?: NatsConnection;
  /** nats: stream settings and the optional name prefix (tests, shared servers). */
  streams?: StreamOptions;
  /** nats: consumer ack_wait and prefetch (see NatsConsumerSettings). */
  ackWaitMs?: number;
  prefetch?: number;
  /** in-process: the hub shared by every service of the process. */
  inProcessHub?: InProcessHub;
  /** How often each consuming schema's dead-letter store is polled for replay requests; default 5 s. */
  deadLetterPollMs?: number;
  /** The process's meter (platform.metrics): the bus's counters and scrape-time gauges. */
  meter?: Meter;
}

export type StartRelayOptions = Pick<OutboxRelayOptions, 'db' | 'schema' | 'service' | 'pollIntervalMs' | 'batchSize' | 'retainPublishedMs'>;

/** What a watcher is called with: the envelope, its payload checked against the watched event. */
export type EventWatcher<E extends EventDefinition> = (envelope: TEventEnvelope<EventPayload<E>>) => void;

export interface EventWatch {
  stop(): Promise<void>;
}

export interface EventBus {
  readonly transport: EventTransport;
  /** Starts the outbox relay of one service schema (one per schema per bus). */
  startRelay(options: StartRelayOptions): Promise<OutboxRelay>;
  subscribe<E extends EventDefinition>(options: SubscribeOptions<E>): Promise<EventSubscription>;
  /**
   * Non-durable, at-most-once: every watching process gets every event of this kind from now on.
   * For live views such as the rankings stream, never for state: a process that is down misses events.
   */
  watch<E extends EventDefinition>(event: E, handler: EventWatcher<E>): Promise<EventWatch>;
  /** Asks the relay of `schema` to publish now; call after committing a transaction that enqueued events. */
  kick(schema: string): void;
  /** Replays the dead letters an operator asked for, now (they are also polled); resolves to the count. */
  replayDeadLetters(): Promise<number>;
  /** The first subscription that stopped receiving by itself, or null when every one runs. */
  problem(): string | null;
  /** Stops subscriptions and relays; closes the NATS connection if the bus opened it. */
  close(): Promise<void>;
}

interface TransportParts {
  sink: OutboxSink;
  /** Prepares the transport for a producing service (its stream) before its relay starts. */
  prepareProducer(service: string): Promise<void>;
  subscribe<E extends EventDefinition>(options: SubscribeOptions<E>): Promise<EventSubscription>;
  /** Calls `deliver` with each raw envelope of the subject (any version); returns its stop. */
  watch(subject: string, version: number, deliver: (envelope: unknown) => void): Promise<() => Promise<void>>;
  onRelayStarted(relay: OutboxRelay): void;
  close(): Promise<void>;
}

async function natsParts(options: EventBusOptions, retry: RetryPolicy, instruments: EventInstruments): Promise<TransportParts> {
  const ownsConnection = !options.natsConnection;
  const nc = options.natsConnection ?? (await connect({ servers: options.natsUrl ?? 'nats://127.0.0.1:4222', name: 'civic-event-bus', noAsyncTraces: true }));
  const js = jetstream(nc);
  const jsm = await jetstreamManager(nc);
  const streams = options.streams ?? {};
  const settings: NatsConsumerSettings = {
    nc,
    js,
    jsm,
    logger: options.logger,
    retry,
    namespace: streams.namespace,
    ackWaitMs: options.ackWaitMs,
    prefetch: options.prefetch,
    instruments,
  };
  const ensured = new Set<string>();
  // Producers and consumers start in any order across services, so whichever comes first creates the
  // producer's stream; the infra setup script does the same for all streams ahead of time.
  async function ensureStreamOf(service: string) {
    if (ensured.has(service)) return;
    await ensureStreams(nc, [service], streams);
    ensured.add(service);
  }
  return {
    sink: createNatsSink({ js, namespace: streams.namespace }),
    prepareProducer: ensureStreamOf,
    async subscribe(subscribeOptions) {
      await ensureStreamOf(producerOf(subscribeOptions.event.subject));
      return subscribeNats(settings, subscribeOptions);
    },
    async watch(subject, _version, deliver) {
      const subscription = nc.subscribe(wireSubjectFor(subject, streams.namespace), {
        callback: (error, msg) => {
          if (error) {
            options.logger.warn({ subject, err: describeError(error) }, 'event watch interrupted');
            return;
          }
          try {
            deliver(msg.json());
          } catch (parseError) {
            options.logger.warn({ subject, err: describeError(parseError) }, 'unreadable event message; not watched');
          }
        },
      });
      return async () => subscription.unsubscribe();
    },
    onRelayStarted() {},
    async close() {
      if (ownsConnection) await nc.drain();
    },
  };
}

function inProcessParts(options: EventBusOptions, retry: RetryPolicy, instruments: EventInstruments): TransportParts {
  const hub = options.inProcessHub;
  if (!hub) throw new Error("createEventBus: transport 'in-process' needs inProcessHub (one createInProcessHub() per process)");
  const unlisteners: (() => void)[] = [];
  return {
    sink: createInProcessSink(hub),
    async prepareProducer() {},
    async subscribe(subscribeOptions) {
      return hub.subscribe(subscribeOptions, { logger: options.logger, retry, instruments });
    },
    async watch(subject, version, deliver) {
      const unwatch = hub.watch(subject, version, deliver);
      return async () => unwatch();
    },
    onRelayStarted(relay) {
      unlisteners.push(hub.onStart(() => relay.kick()));
    },
    async close() {
      for (const unlisten of unlisteners) unlisten();
    },
  };
}

interface ObservedParts {
  transport: EventTransport;
  logger: EventLogger;
  relays: Map<string, OutboxRelay>;
  subscriptions: Set<EventSubscription>;
  /** Each consuming schema's dead-letter store and the consumers it holds letters of. */
  deadLetterStores: Map<string, { db: SqlDriver; consumers: Set<string> }>;
}

/**
 * The bus's gauges, read when Prometheus scrapes (never on the hot path): per outbox schema the rows
 * not handed over and the age of the oldest; per consumer its lag (NATS: the durable's unacknowledged
 * messages, from the server; in-process: its subject's rows still in the producer's outbox, which stay
 * there until every subscriber settled them) and its open dead letters. A read that fails or takes
 * longer than SCRAPE_READ_TIMEOUT_MS leaves its series out of that scrape. Returns the unregister.
 */
function observeEventBus(meter: Meter, parts: ObservedParts): () => void {
  const backlog = meter.createObservableGauge('civic.outbox.backlog', { description: 'Outbox rows not yet handed over to the transport' });
  const age = meter.createObservableGauge('civic.outbox.oldest_unpublished_age', {
    description: 'Age of the oldest outbox row not yet handed over (0 when none)',
    unit: 's',
  });
  const lag = meter.createObservableGauge('civic.events.consumer.lag', { description: 'Events of a consumer not yet acknowledged' });
  const letters = meter.createObservableGauge('civic.events.dead_letters', { description: 'Dead letters not yet replayed, per consumer' });
  const read = async <T>(what: string, work: () => Promise<T>): Promise<T | null> => {
    try {
      return await within(SCRAPE_READ_TIMEOUT_MS, work());
    } catch (error) {
      parts.logger.debug({ err: describeError(error), metric: what }, 'a metric could not be read; left out of this scrape');
      return null;
    }
  };
  const observables: Observable[] = [backlog, age, lag, letters];
  const callback: BatchObservableCallback = async (observer) => {
    const inOutbox = new Map<string, number>();
    const producers = new Set<string>();
    await Promise.all(
      [...parts.relays.values()].map(async (relay) => {
        const read_ = await read('outbox backlog', () => relay.backlog());
        if (!read_) return;
        producers.add(relay.service);
        observer.observe(backlog, read_.rows, { schema: relay.schema });
        observer.observe(age, read_.oldestAgeSeconds, { schema: relay.schema });
        for (const row of read_.bySubject) inOutbox.set(`${row.subject}#${row.version}`, row.rows);
      }),
    );
    await Promise.all(
      [...parts.subscriptions].map(async (subscription) => {
        const attributes = { consumer: subscription.consumer, subject: subscription.subject, transport: parts.transport };
        if (subscription.pending) {
          const pending = await read('consumer lag', () => subscription.pending!());
          if (pending !== null) observer.observe(lag, pending, attributes);
        } else if (producers.has(producerOf(subscription.subject))) {
          observer.observe(lag, inOutbox.get(`${subscription.subject}#${subscription.version}`) ?? 0, attributes);
        }
      }),
    );
    await Promise.all(
      [...parts.deadLetterStores].map(async ([schema, store]) => {
        const counts = await read('dead letters', () => countOpenDeadLetters(store.db, schema));
        if (!counts) return;
        for (const consumer of new Set([...store.consumers, ...counts.keys()])) {
          observer.observe(letters, counts.get(consumer) ?? 0, { consumer, schema });
        }
      }),
    );
  };
  meter.addBatchObservableCallback(callback, observables);
  return () => meter.removeBatchObservableCallback(callback, observables);
}

export async function createEventBus(options: EventBusOptions): Promise<EventBus> {
  const retry = resolveRetryPolicy(options.retry);
  const instruments = createEventInstruments(options.meter);
  const parts = options.transport === 'nats' ? await natsParts(options, retry, instruments) : inProcessParts(options, retry, instruments);
  const relays = new Map<string, OutboxRelay>();
  const subscriptions = new Set<EventSubscription>();
  const watches = new Set<() => Promise<void>>();
  const replayers = new Map<string, DeadLetterReplayer>();
  const deadLetterStores = new Map<string, { db: SqlDriver; consumers: Set<string> }>();
  const unobserve = options.meter
    ? observeEventBus(options.meter, { transport: options.transport, logger: options.logger, relays, subscriptions, deadLetterStores })
    : () => {};
  let closed = false;

  function replayerFor(subscribeOptions: SubscribeOptions<EventDefinition>): DeadLetterReplayer {
    let replayer = replayers.get(subscribeOptions.schema);
    if (!replayer) {
      replayer = startDeadLetterReplayer({
        db: subscribeOptions.db,
        schema: subscribeOptions.schema,
        logger: options.logger,
        pollMs: options.deadLetterPollMs ?? 5_000,
        system: options.transport,
      });
      replayers.set(subscribeOptions.schema, replayer);
    }
    return replayer;
  }

  return {
    transport: options.transport,

    async startRelay(relayOptions) {
      if (relays.has(relayOptions.schema)) throw new Error(`An outbox relay already runs for schema ${relayOptions.schema}`);
      await parts.prepareProducer(relayOptions.service);
      const relay = startOutboxRelay({ ...relayOptions, sink: parts.sink, logger: options.logger });
      relays.set(relay.schema, relay);
      parts.onRelayStarted(relay);
      return relay;
    },

    async subscribe(subscribeOptions) {
      const subscription = await parts.subscribe(subscribeOptions);
      subscriptions.add(subscription);
      const store = deadLetterStores.get(subscribeOptions.schema) ?? { db: subscribeOptions.db, consumers: new Set<string>() };
      store.consumers.add(subscription.consumer);
      deadLetterStores.set(subscribeOptions.schema, store);
      const replayStep = createConsumerStep(subscribeOptions, options.logger);
      replayerFor(subscribeOptions as SubscribeOptions<EventDefinition>).register(
        subscription.consumer,
        subscription.subject,
        subscription.version,
        (envelope) => replayStep(envelope),
      );
      return {
        ...subscription,
        async stop() {
          subscriptions.delete(subscription);
          await subscription.stop();
        },
      };
    },

    async watch(event, handler) {
      const payloadSchema = consumerSchemaFor(event);
      const log = { subject: event.subject, version: event.version };
      const stop = await parts.watch(event.subject, event.version, (raw) => {
        const envelope = ZEventEnvelope.safeParse(raw);
        // Another version of the subject is someone else's; a bad payload is skipped, not fatal.
        if (!envelope.success || envelope.data.version !== event.version) return;
        const payload = payloadSchema.safeParse(envelope.data.payload);
        if (!payload.success) {
          options.logger.warn({ ...log, eventId: envelope.data.id }, 'watched event does not match its schema; skipped');
          return;
        }
        try {
          const result = handler({ ...envelope.data, payload: payload.data } as TEventEnvelope<EventPayload<typeof event>>) as unknown;
          if (result instanceof Promise) {
            result.catch((error: unknown) => options.logger.warn({ ...log, err: describeError(error) }, 'event watcher failed'));
          }
        } catch (error) {
          options.logger.warn({ ...log, err: describeError(error) }, 'event watcher failed');
        }
      });
      watches.add(stop);
      return {
        async stop() {
          if (!watches.delete(stop)) return;
          await stop();
        },
      };
    },

    kick(schema) {
      const relay = relays.get(schema);
      if (!relay) throw new Error(`No outbox relay runs for schema ${schema}`);
      relay.kick();
    },

    problem() {
      for (const subscription of subscriptions) {
        const problem = subscription.problem?.() ?? null;
        if (problem) return problem;
      }
      return null;
    },

    async replayDeadLetters() {
      let replayed = 0;
      for (const replayer of replayers.values()) replayed += await replayer.runOnce();
      return replayed;
    },

    async close() {
      if (closed) return;
      closed = true;
      unobserve();
      deadLetterStores.clear();
      await Promise.all([...replayers.values()].map((replayer) => replayer.stop()));
      replayers.clear();
      await Promise.all([...watches].map((stop) => stop()));
      watches.clear();
      await Promise.all([...subscriptions].map((s) => s.stop()));
      subscriptions.clear();
      await Promise.all([...relays.values()].map((r) => r.stop()));
      relays.clear();
      await parts.close();
    },
  };
}
