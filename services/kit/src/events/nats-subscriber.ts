// A durable JetStream pull consumer feeding the idempotent consumer step: ack after the inbox
// transaction commits; nak with backoff when the handler fails (without limit while the failure is
// the consumer's infrastructure); after the policy's deliveries, or at once for a message that can
// never be handled, keep it in the consumer's dead-letter store and ack it (SECURITY 20, 21;
// docs/protocols/events.md).
import type { NatsConnection } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, type ConsumerConfig, type JetStreamClient, type JetStreamManager, type JsMsg } from '@nats-io/jetstream';
import { ZEventEnvelope, producerOf, type EventDefinition, type TEventEnvelope } from '@civic/contracts/shared/define-event';
import { describeError, type EventLogger } from './event-logger.ts';
import { durableNameFor, streamNameFor, wireSubjectFor } from './naming.ts';
import { isJetStreamNotFound } from './nats-streams.ts';
import { recordDeadLetter } from './dead-letters.ts';
import { type EventInstruments, NO_EVENT_INSTRUMENTS } from './event-metrics.ts';
import { decideAfterFailure, errorLine } from './failure-decision.ts';
import { createBatchConsumerStep, createConsumerStep, DEFAULT_MAX_BATCH } from './process-event.ts';
import { resolveRetryPolicy, retryDelayMs, type RetryPolicy } from './retry-policy.ts';
import { checkConsumerName } from './sql-names.ts';
import type { EventSubscription, SubscribeOptions } from './subscription.ts';
import { runInConsumerBatchSpan, runInConsumerSpan, type TraceHeaders } from './trace-headers.ts';

export interface NatsConsumerSettings {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  logger: EventLogger;
  retry: RetryPolicy;
  namespace?: string;
  /** Redelivery after this long without an ack (a crashed or stuck handler); default 30 s. */
  ackWaitMs?: number;
  /** Messages pulled ahead of the handler; default 64. Kept small so buffered ones do not outlive ack_wait. */
  prefetch?: number;
  instruments?: EventInstruments;
}

function consumerConfigFor(durable: string, filterSubject: string, ackWaitMs: number): Partial<ConsumerConfig> {
  return {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    // A consumer created after events were produced still gets what the stream retains.
    deliver_policy: DeliverPolicy.All,
    filter_subject: filterSubject,
    // Unlimited: the subscriber decides when a failing event is dead-lettered (an infrastructure
    // outage must never make the server give a message up).
    max_deliver: -1,
    ack_wait: ackWaitMs * 1_000_000,
    max_ack_pending: 1_000,
  };
}

async function ensureDurable(jsm: JetStreamManager, stream: string, config: Partial<ConsumerConfig>): Promise<void> {
  const durable = config.durable_name!;
  try {
    await jsm.consumers.info(stream, durable);
    const { max_deliver, ack_wait, max_ack_pending } = config;
    await jsm.consumers.update(stream, durable, { max_deliver, ack_wait, max_ack_pending });
  } catch (error) {
    if (!isJetStreamNotFound(error)) throw error;
    await jsm.consumers.add(stream, config);
  }
}

function traceHeadersOf(msg: JsMsg): TraceHeaders {
  const carried: TraceHeaders = {};
  for (const key of msg.headers?.keys() ?? []) {
    if (!key.startsWith('Nats-')) carried[key] = msg.headers!.get(key);
  }
  return carried;
}

export async function subscribeNats<E extends EventDefinition>(settings: NatsConsumerSettings, options: SubscribeOptions<E>): Promise<EventSubscription> {
  const { logger, js, jsm, namespace } = settings;
  const consumer = checkConsumerName(options.consumer);
  const { event } = options;
  const retry = resolveRetryPolicy(settings.retry, options.retry);
  const stream = streamNameFor(producerOf(event.subject), namespace);
  const durable = durableNameFor(consumer, event);
  const log = { consumer, subject: event.subject, version: event.version, stream, durable };
  const processEvent = createConsumerStep(options, logger);
  const instruments = settings.instruments ?? NO_EVENT_INSTRUMENTS;
  const { handleBatch } = options;
  const processBatch = handleBatch ? createBatchConsumerStep({ ...options, handleBatch }, logger) : null;
  const maxBatch = Math.max(1, Math.floor(options.maxBatch ?? DEFAULT_MAX_BATCH));

  await ensureDurable(jsm, stream, consumerConfigFor(durable, wireSubjectFor(event.subject, namespace), settings.ackWaitMs ?? 30_000));

  /** Keeps the message in the dead-letter store and acks it; if the store is away, tries again later. */
  async function deadLetter(msg: JsMsg, envelope: TEventEnvelope | null, error: unknown, fields: object): Promise<void> {
    try {
      await recordDeadLetter(options.db, options.schema, {
        consumer,
        subject: envelope?.subject ?? msg.subject,
        envelope,
        raw: envelope ? undefined : msg.string(),
        headers: traceHeadersOf(msg),
        error: errorLine(error),
        deliveries: msg.info.deliveryCount,
      });
    } catch (storeError) {
      const delayMs = retryDelayMs(retry, msg.info.deliveryCount);
      logger.warn({ ...fields, delayMs, err: describeError(storeError) }, 'could not store the dead letter; will redeliver');
      msg.nak(delayMs);
      return;
    }
    instruments.deadLettered(consumer, event.subject, 'nats');
    logger.error({ ...fields, err: describeError(error) }, 'event dead-lettered: kept for replay (npm run events:replay)');
    msg.ack();
  }

  /** The envelope of a message this consumer should handle; null once the message is settled here. */
  async function envelopeOf(msg: JsMsg): Promise<TEventEnvelope | null> {
    if (msg.info.deliveryCount > 1) instruments.redelivered(consumer, event.subject, 'nats');
    let envelope: TEventEnvelope;
    try {
      envelope = ZEventEnvelope.parse(msg.json()) as TEventEnvelope;
    } catch (error) {
      await deadLetter(msg, null, error, { ...log, streamSeq: msg.seq });
      return null;
    }
    // Durables filter on subject only; another version of the same subject is someone else's.
    if (envelope.version !== event.version) {
      msg.ack();
      return null;
    }
    return envelope;
  }

  /** The per-event path: applies one event, then acks, naks with backoff, or dead-letters it. */
  async function settleOne(msg: JsMsg, envelope: TEventEnvelope): Promise<void> {
    const deliveries = msg.info.deliveryCount;
    const eventLog = { ...log, eventId: envelope.id, deliveries };
    try {
      const outcome = await runInConsumerSpan(traceHeadersOf(msg), envelope, consumer, 'nats', () => processEvent(envelope));
      if (outcome === 'duplicate') logger.debug(eventLog, 'duplicate event ignored');
      msg.ack();
    } catch (error) {
      const decision = decideAfterFailure(retry, error, deliveries);
      if (decision.action === 'dead-letter') {
        await deadLetter(msg, envelope, error, eventLog);
      } else {
        logger.warn({ ...eventLog, failure: decision.kind, delayMs: decision.delayMs, err: describeError(error) }, 'event handler failed; will redeliver');
        msg.nak(decision.delayMs);
      }
    }
  }

  async function handleMessage(msg: JsMsg): Promise<void> {
    const envelope = await envelopeOf(msg);
    if (envelope) await settleOne(msg, envelope);
  }

  /**
   * Batch mode: the messages' events in one transaction, every message acked after its commit; if
   * the batch fails, each event on the per-event path (its own retry or dead letter).
   */
  async function handleBatchOf(batch: readonly JsMsg[]): Promise<void> {
    const ready: { msg: JsMsg; envelope: TEventEnvelope }[] = [];
    for (const msg of batch) {
      const envelope = await envelopeOf(msg);
      if (envelope) ready.push({ msg, envelope });
    }
    if (ready.length === 0) return;
    if (ready.length > 1 && processBatch) {
      try {
        await runInConsumerBatchSpan(
          ready.map(({ msg }) => traceHeadersOf(msg)),
          event.subject,
          consumer,
          'nats',
          () => processBatch(ready.map(({ envelope }) => envelope)),
        );
        for (const { msg } of ready) msg.ack();
        return;
      } catch (error) {
        logger.warn({ ...log, events: ready.length, err: describeError(error) }, 'event batch failed; applying its events one at a time');
      }
    }
    for (const { msg, envelope } of ready) await settleOne(msg, envelope);
  }

  const messages = await (await js.consumers.get(stream, durable)).consume({ max_messages: settings.prefetch ?? 64 });
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  const inFlight = new Set<Promise<void>>();
  let stopping = false;
  let problem: string | null = null;
  const settleFailed = (error: unknown) => logger.warn({ ...log, err: describeError(error) }, 'could not settle event message');

  /** One message at a time, or `concurrency` at once. */
  async function consumeOneByOne(): Promise<void> {
    for await (const msg of messages) {
      const handling: Promise<void> = handleMessage(msg)
        // Only acking on a closed connection lands here; the message is redelivered after ack_wait.
        .catch(settleFailed)
        .finally(() => inFlight.delete(handling));
      inFlight.add(handling);
      if (inFlight.size >= concurrency) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  }

  /**
   * Batch mode: messages queue while a batch is applied; the next batch takes what has queued (up
   * to maxBatch). Receiving waits while a full batch is queued, so at most two batches' messages
   * are held unacked here (well inside max_ack_pending and ack_wait).
   */
  async function consumeInBatches(): Promise<void> {
    const queued: JsMsg[] = [];
    let worker: Promise<void> | null = null;
    const work = async () => {
      while (queued.length > 0) await handleBatchOf(queued.splice(0, maxBatch)).catch(settleFailed);
    };
    const startWorker = () => {
      if (worker) return;
      worker = work().finally(() => {
        worker = null;
        if (queued.length > 0) startWorker();
      });
    };
    for await (const msg of messages) {
      queued.push(msg);
      startWorker();
      while (queued.length >= maxBatch && worker) await worker;
    }
    while (worker) await worker;
  }

  const loop = (async () => {
    await (processBatch ? consumeInBatches() : consumeOneByOne());
    if (!stopping) problem = `consumer ${consumer} of ${event.subject} stopped receiving`;
  })().catch((error: unknown) => {
    problem = `consumer ${consumer} of ${event.subject} failed: ${describeError(error).message}`;
    logger.error({ ...log, err: describeError(error) }, 'event consumer stopped unexpectedly');
  });
  logger.debug(log, 'event consumer started');

  return {
    consumer,
    subject: event.subject,
    version: event.version,
    async stop() {
      stopping = true;
      await messages.close();
      await loop;
    },
    problem: () => problem,
    // The consumer's lag, read from the server: messages not delivered yet plus delivered, unacked ones.
    async pending() {
      const info = await jsm.consumers.info(stream, durable);
      return info.num_pending + info.num_ack_pending;
    },
  };
}
