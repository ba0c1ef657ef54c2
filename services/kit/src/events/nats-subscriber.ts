// A durable JetStream pull consumer feeding the idempotent consumer step: ack after the inbox
// transaction commits, nak with backoff when the handler fails, terminate and log when max_deliver
// is spent or the message can never be handled (SECURITY 20, 21).
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  type ConsumerConfig,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { ZEventEnvelope, producerOf, type EventDefinition, type TEventEnvelope } from '@civic/contracts/events/define-event';
import { describeError, type EventLogger } from './event-logger.ts';
import { durableNameFor, streamNameFor, wireSubjectFor } from './naming.ts';
import { isJetStreamNotFound } from './nats-streams.ts';
import { createConsumerStep, PoisonEventError } from './process-event.ts';
import { resolveRetryPolicy, retryDelayMs, type RetryPolicy } from './retry-policy.ts';
import { checkConsumerName } from './sql-names.ts';
import type { EventSubscription, SubscribeOptions } from './subscription.ts';
import { runInConsumerSpan, type TraceHeaders } from './trace-headers.ts';

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
}

function consumerConfigFor(durable: string, filterSubject: string, retry: RetryPolicy, ackWaitMs: number): Partial<ConsumerConfig> {
  return {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    // A consumer created after events were produced still gets what the stream retains.
    deliver_policy: DeliverPolicy.All,
    filter_subject: filterSubject,
    max_deliver: retry.maxDeliver,
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

export async function subscribeNats<E extends EventDefinition>(
  settings: NatsConsumerSettings,
  options: SubscribeOptions<E>,
): Promise<EventSubscription> {
  const { logger, js, jsm, nc, namespace } = settings;
  const consumer = checkConsumerName(options.consumer);
  const { event } = options;
  const retry = resolveRetryPolicy(settings.retry, options.retry);
  const stream = streamNameFor(producerOf(event.subject), namespace);
  const durable = durableNameFor(consumer, event);
  const log = { consumer, subject: event.subject, version: event.version, stream, durable };
  const processEvent = createConsumerStep(options, logger);

  await ensureDurable(jsm, stream, consumerConfigFor(durable, wireSubjectFor(event.subject, namespace), retry, settings.ackWaitMs ?? 30_000));

  // The server reports deliveries it gave up on by itself (ack_wait ran out on the last try, e.g. the
  // process died mid-handler); handler failures are logged below where the error is known.
  const advisories: Subscription = nc.subscribe(`$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${stream}.${durable}`, {
    callback: (_error, msg) => {
      logger.error({ ...log, advisory: msg?.string() }, 'event delivery exhausted (max_deliver reached on ack timeout)');
    },
  });

  // term() is sent without a reason: nats-server 2.9 does not parse "+TERM <reason>" and would leave
  // the message pending until ack_wait.
  async function handleMessage(msg: JsMsg): Promise<void> {
    let envelope: TEventEnvelope;
    try {
      envelope = ZEventEnvelope.parse(msg.json()) as TEventEnvelope;
    } catch (error) {
      logger.error({ ...log, streamSeq: msg.seq, err: describeError(error) }, 'unreadable event message; terminated');
      msg.term();
      return;
    }
    // Durables filter on subject only; another version of the same subject is someone else's.
    if (envelope.version !== event.version) {
      msg.ack();
      return;
    }
    const deliveries = msg.info.deliveryCount;
    const eventLog = { ...log, eventId: envelope.id, deliveries };
    try {
      const outcome = await runInConsumerSpan(traceHeadersOf(msg), envelope, consumer, 'nats', () => processEvent(envelope));
      if (outcome === 'duplicate') logger.debug(eventLog, 'duplicate event ignored');
      msg.ack();
    } catch (error) {
      const err = describeError(error);
      if (error instanceof PoisonEventError) {
        logger.error({ ...eventLog, err }, 'event rejected by consumer schema; terminated');
        msg.term();
      } else if (deliveries >= retry.maxDeliver) {
        logger.error({ ...eventLog, maxDeliver: retry.maxDeliver, err }, 'event delivery exhausted (max_deliver reached); giving up');
        msg.term();
      } else {
        const delayMs = retryDelayMs(retry, deliveries);
        logger.warn({ ...eventLog, delayMs, err }, 'event handler failed; will redeliver');
        msg.nak(delayMs);
      }
    }
  }

  const messages = await (await js.consumers.get(stream, durable)).consume({ max_messages: settings.prefetch ?? 64 });
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  const inFlight = new Set<Promise<void>>();
  const loop = (async () => {
    for await (const msg of messages) {
      const handling: Promise<void> = handleMessage(msg)
        // Only acking on a closed connection lands here; the message is redelivered after ack_wait.
        .catch((error: unknown) => logger.warn({ ...log, err: describeError(error) }, 'could not settle event message'))
        .finally(() => inFlight.delete(handling));
      inFlight.add(handling);
      if (inFlight.size >= concurrency) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  })().catch((error: unknown) => {
    logger.error({ ...log, err: describeError(error) }, 'event consumer stopped unexpectedly');
  });
  logger.debug(log, 'event consumer started');

  return {
    consumer,
    subject: event.subject,
    version: event.version,
    async stop() {
      await messages.close();
      await loop;
      advisories.unsubscribe();
    },
  };
}
