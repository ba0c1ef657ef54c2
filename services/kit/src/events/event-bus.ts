// One facade over both transports, so a service's src/events.ts wires its relay and subscriptions the
// same way in the embedded profile (in-process hub) and the distributed one (NATS JetStream).
//
//   await bus.startRelay({ db, schema: 'auth', service: 'auth' });
//   await bus.subscribe({ consumer: 'auth', event: ProfileUpdated, db, schema: 'auth', handle });
//   // in a request: prisma.$transaction(tx => { ...; return enqueueEvent(tx, 'auth', UserRegistered, p) });
//   bus.kick('auth');   // after the commit, for low latency; the relay's poll covers a missed kick
//   // (services never call kick themselves: their database handles do it after each commit that
//   // enqueued events, publish-after-commit.ts; their subscriptions go through service-handlers.ts)
//   await bus.watch(VoteCast, (envelope) => ...);   // live views: every replica sees every event
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { producerOf, ZEventEnvelope, type EventDefinition, type EventPayload, type TEventEnvelope } from '@civic/contracts/events/define-event';
import { describeError, type EventLogger } from './event-logger.ts';
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
}

export type StartRelayOptions = Pick<OutboxRelayOptions, 'db' | 'sql' | 'schema' | 'service' | 'pollIntervalMs' | 'batchSize' | 'retainPublishedMs'>;

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
   * Non-durable, at-most-once: calls `handler` with every event of this kind published from now on,
   * in every process that watches (unlike a durable subscription, whose replicas share the work).
   * For live views such as the rankings stream; never for state (a process that is down misses
   * events). NATS: a core subscription on the event's wire subject (JetStream-published messages
   * reach core subscribers too); in-process: a listener on the hub's deliveries. A throwing or
   * rejecting handler is logged and changes nothing else.
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

async function natsParts(options: EventBusOptions, retry: RetryPolicy): Promise<TransportParts> {
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

function inProcessParts(options: EventBusOptions, retry: RetryPolicy): TransportParts {
  const hub = options.inProcessHub;
  if (!hub) throw new Error("createEventBus: transport 'in-process' needs inProcessHub (one createInProcessHub() per process)");
  const unlisteners: (() => void)[] = [];
  return {
    sink: createInProcessSink(hub),
    async prepareProducer() {},
    async subscribe(subscribeOptions) {
      return hub.subscribe(subscribeOptions, { logger: options.logger, retry });
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

export async function createEventBus(options: EventBusOptions): Promise<EventBus> {
  const retry = resolveRetryPolicy(options.retry);
  const parts = options.transport === 'nats' ? await natsParts(options, retry) : inProcessParts(options, retry);
  const relays = new Map<string, OutboxRelay>();
  const subscriptions = new Set<EventSubscription>();
  const watches = new Set<() => Promise<void>>();
  const replayers = new Map<string, DeadLetterReplayer>();
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
