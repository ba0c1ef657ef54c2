// The distributed profile's transport against a real NATS JetStream and a real PostgreSQL:
// outbox -> relay -> stream -> durable consumer -> idempotent consumer step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { createEventBus, type EventBus } from '../../src/events/event-bus.ts';
import { listDeadLetters, requestDeadLetterReplay } from '../../src/events/dead-letters.ts';
import { enqueueEvent, enqueueEvents } from '../../src/events/enqueue-event.ts';
import { durableNameFor, streamNameFor, wireSubjectFor } from '../../src/events/naming.ts';
import type { RetryPolicy } from '../../src/events/retry-policy.ts';
import type { SqlDriver } from '../../src/db/sql-driver.ts';
import { createNatsTestEnv, type NatsTestEnv } from './support/nats-test-env.ts';
import { createPgTestDatabase, type PgTestDatabase } from './support/pg-db.ts';
import { natsHostPort, PG_HOSTPORT, skipUnlessReachable } from './support/reachability.ts';
import { consumerState, countRows, defineThingCreated, migrate, recordingLogger, recordThing, runAll, uniqueServiceName, waitFor } from './support/test-kit.ts';

const nats = natsHostPort();
const skip = (await skipUnlessReachable('NATS', nats.host, nats.port)) || (await skipUnlessReachable('PostgreSQL', PG_HOSTPORT.host, PG_HOSTPORT.port));

type ThingCreated = ReturnType<typeof defineThingCreated>;

interface Harness {
  env: NatsTestEnv;
  pg: PgTestDatabase;
  db: SqlDriver;
  service: string;
  event: ThingCreated;
  stream: string;
  logger: ReturnType<typeof recordingLogger>;
  producerBus: EventBus;
  newBus(retry?: Partial<RetryPolicy>): Promise<EventBus>;
  tearDown(): Promise<void>;
}

async function setUp(): Promise<Harness> {
  const env = await createNatsTestEnv();
  const pg = await createPgTestDatabase();
  const buses: EventBus[] = [];
  try {
    // Producer and consumer are separate services with separate schemas (here in one test database).
    await migrate(pg.db, 'producer');
    await migrate(pg.db, 'consumer');
    const service = uniqueServiceName();
    const logger = recordingLogger();
    const newBus = async (retry?: Partial<RetryPolicy>) => {
      const bus = await createEventBus({
        transport: 'nats',
        logger,
        retry: retry ?? { maxDeliver: 4, backoffMs: [50, 100] },
        streams: { namespace: env.namespace, maxAgeMs: 10 * 60 * 1000, duplicateWindowMs: 2 * 60 * 1000 },
      });
      buses.push(bus);
      return bus;
    };
    const producerBus = await newBus();
    return {
      env,
      pg,
      db: pg.db,
      service,
      logger,
      producerBus,
      newBus,
      event: defineThingCreated(service),
      stream: streamNameFor(service, env.namespace),
      tearDown: () => runAll([...buses.map((bus) => () => bus.close()), env.cleanup, pg.drop]),
    };
  } catch (error) {
    await runAll([env.cleanup, pg.drop]);
    throw error;
  }
}

/** The durable has nothing left to deliver and nothing awaiting an ack. */
async function durableIdle(h: Harness, consumer: string): Promise<boolean> {
  const info = await h.env.jsm.consumers.info(h.stream, durableNameFor(consumer, h.event));
  return info.num_pending === 0 && info.num_ack_pending === 0 && info.num_redelivered >= 0;
}

test('nats: an outboxed event arrives exactly once even when the relay publishes it twice; Nats-Msg-Id is the envelope id', { skip }, async () => {
  const h = await setUp();
  try {
    const calls: string[] = [];
    const consumerBus = await h.newBus();
    await consumerBus.subscribe({ consumer: 'consumer', event: h.event, db: h.db, schema: 'consumer', handle: recordThing(calls) });
    const relay = await h.producerBus.startRelay({ db: h.db, schema: 'producer', service: h.service, pollIntervalMs: 60_000 });

    const envelope = await h.db.transaction(async (tx) => {
      const thingId = randomUUID();
      await tx.execute(`INSERT INTO producer.things (id, label) VALUES ($1::uuid, 'x')`, [thingId]);
      return enqueueEvent(tx, 'producer', h.event, { thingId, label: 'x' });
    });
    assert.equal(await relay.runOnce(), 1);
    // A crash between publish and marking the row: reconciliation publishes it again.
    await h.db.execute(`UPDATE producer.outbox SET published_at = NULL`);
    assert.equal(await relay.runOnce(), 1);

    const state = await h.env.jsm.streams.info(h.stream);
    assert.equal(state.state.messages, 1, 'JetStream deduplicated the second publish');
    const stored = await h.env.jsm.streams.getMessage(h.stream, { seq: 1 });
    assert.equal(stored?.header.get('Nats-Msg-Id'), envelope.id);
    assert.equal(stored?.subject, wireSubjectFor(h.event.subject, h.env.namespace));
    assert.deepEqual(stored?.json(), envelope);

    await waitFor(async () => calls.length === 1 && (await durableIdle(h, 'consumer')), 10_000, 'delivery');
    assert.deepEqual(calls, [envelope.id]);
    assert.deepEqual(await consumerState(h.db), { things: 1, maxSeen: 1, processed: 1 });
  } finally {
    await h.tearDown();
  }
});

test('nats: delivering every message twice leaves the state unchanged', { skip }, async () => {
  const h = await setUp();
  try {
    const consumerBus = await h.newBus();
    // Concurrent handling, so a copy and its original can race into the inbox at the same time.
    await consumerBus.subscribe({ consumer: 'consumer', event: h.event, db: h.db, schema: 'consumer', handle: recordThing(), concurrency: 8 });
    await h.producerBus.startRelay({ db: h.db, schema: 'producer', service: h.service, pollIntervalMs: 50 });
    const envelopes = await h.db.transaction((tx) =>
      enqueueEvents(
        tx,
        'producer',
        h.event,
        Array.from({ length: 200 }, (_, i) => ({ thingId: randomUUID(), label: `t${i}` })),
      ),
    );
    h.producerBus.kick('producer');
    // Publish every envelope again under another Nats-Msg-Id, as if the duplicate window had passed:
    // only the consumers' inbox stands between these copies and a double effect.
    const js = jetstream(h.env.nc);
    for (const envelope of envelopes) {
      const hdrs = natsHeaders();
      await js.publish(wireSubjectFor(h.event.subject, h.env.namespace), JSON.stringify(envelope), { msgID: `${envelope.id}-again`, headers: hdrs });
    }
    await waitFor(async () => (await h.env.jsm.streams.info(h.stream)).state.messages === 400, 10_000, '400 stored messages');
    await waitFor(async () => durableIdle(h, 'consumer'), 15_000, 'the consumer to drain');
    assert.deepEqual(await consumerState(h.db), { things: 200, maxSeen: 1, processed: 200 });
  } finally {
    await h.tearDown();
  }
});

test('nats: a failing handler is retried (nak with backoff) and then succeeds', { skip }, async () => {
  const h = await setUp();
  try {
    let failuresLeft = 2;
    const attempts: number[] = [];
    const consumerBus = await h.newBus({ maxDeliver: 5, backoffMs: [100, 300] });
    await consumerBus.subscribe({
      consumer: 'consumer',
      event: h.event,
      db: h.db,
      schema: 'consumer',
      handle: async (payload, ctx) => {
        attempts.push(Date.now());
        await recordThing()(payload, ctx);
        if (failuresLeft-- > 0) throw new Error('transient failure');
      },
    });
    await h.producerBus.startRelay({ db: h.db, schema: 'producer', service: h.service, pollIntervalMs: 50 });
    await h.db.transaction((tx) => enqueueEvent(tx, 'producer', h.event, { thingId: randomUUID(), label: 'x' }));
    h.producerBus.kick('producer');
    await waitFor(async () => attempts.length === 3 && (await durableIdle(h, 'consumer')), 10_000, 'three attempts');
    assert.ok(attempts[1]! - attempts[0]! >= 90, `first retry after ~100 ms (was ${attempts[1]! - attempts[0]!})`);
    assert.ok(attempts[2]! - attempts[1]! >= 280, `second retry after ~300 ms (was ${attempts[2]! - attempts[1]!})`);
    // Only the successful attempt's effect committed.
    assert.deepEqual(await consumerState(h.db), { things: 1, maxSeen: 1, processed: 1 });
    assert.equal(h.logger.lines.filter((l) => l.message === 'event handler failed; will redeliver').length, 2);
  } finally {
    await h.tearDown();
  }
});

test('nats: an event its consumer keeps rejecting is dead-lettered after maxDeliver deliveries and acked; a replay applies it once', { skip }, async () => {
  const h = await setUp();
  try {
    let rejecting = true;
    let calls = 0;
    const consumerBus = await h.newBus({ maxDeliver: 3, backoffMs: [30] });
    await consumerBus.subscribe({
      consumer: 'consumer',
      event: h.event,
      db: h.db,
      schema: 'consumer',
      handle: async (payload, ctx) => {
        calls++;
        if (rejecting) throw new Error('the handler rejects this event');
        await recordThing()(payload, ctx);
      },
    });
    await h.producerBus.startRelay({ db: h.db, schema: 'producer', service: h.service, pollIntervalMs: 50 });
    const envelope = await h.db.transaction((tx) => enqueueEvent(tx, 'producer', h.event, { thingId: randomUUID(), label: 'x' }));
    h.producerBus.kick('producer');
    await waitFor(async () => (await listDeadLetters(h.db, 'consumer')).length === 1, 10_000, 'the dead letter');
    await waitFor(async () => durableIdle(h, 'consumer'), 5_000, 'the message to be acked');
    assert.equal(calls, 3, 'maxDeliver deliveries, then no more');
    const [letter] = await listDeadLetters(h.db, 'consumer');
    assert.equal(letter!.consumer, 'consumer');
    assert.equal(letter!.subject, h.event.subject);
    assert.equal(letter!.eventId, envelope.id);
    assert.equal(letter!.deliveries, 3);
    assert.match(letter!.error, /the handler rejects this event/);
    assert.equal(await countRows(h.db, `SELECT count(*)::int AS n FROM consumer.processed_events`), 0);
    assert.ok(h.logger.lines.some((l) => l.level === 'error' && /dead-lettered/.test(l.message ?? '')));

    // The fix is deployed; the operator asks for a replay, then (by mistake) again.
    rejecting = false;
    assert.equal(await requestDeadLetterReplay(h.db, 'consumer', letter!.id), 1);
    assert.equal(await consumerBus.replayDeadLetters(), 1);
    assert.equal(await requestDeadLetterReplay(h.db, 'consumer'), 0, 'a replayed letter is not asked for again');
    assert.deepEqual(await consumerState(h.db), { things: 1, maxSeen: 1, processed: 1 });
    const [replayed] = await listDeadLetters(h.db, 'consumer');
    assert.ok(replayed!.replayedAt, 'the letter is marked replayed');
    assert.equal(replayed!.replayRequestedAt, null);
  } finally {
    await h.tearDown();
  }
});

test('nats: a consumer whose infrastructure is away is retried past maxDeliver and never dead-lettered', { skip }, async () => {
  const h = await setUp();
  try {
    let outageLeft = 6;
    const consumerBus = await h.newBus({ maxDeliver: 2, backoffMs: [20] });
    await consumerBus.subscribe({
      consumer: 'consumer',
      event: h.event,
      db: h.db,
      schema: 'consumer',
      handle: async (payload, ctx) => {
        // What node-postgres throws when the database refuses connections.
        if (outageLeft-- > 0) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        await recordThing()(payload, ctx);
      },
    });
    await h.producerBus.startRelay({ db: h.db, schema: 'producer', service: h.service, pollIntervalMs: 50 });
    await h.db.transaction((tx) => enqueueEvent(tx, 'producer', h.event, { thingId: randomUUID(), label: 'x' }));
    h.producerBus.kick('producer');
    await waitFor(async () => (await consumerState(h.db)).processed === 1, 10_000, 'the event to be applied after the outage');
    assert.deepEqual(await consumerState(h.db), { things: 1, maxSeen: 1, processed: 1 });
    assert.equal((await listDeadLetters(h.db, 'consumer')).length, 0);
    const retries = h.logger.lines.filter((l) => l.message === 'event handler failed; will redeliver');
    assert.equal(retries.length, 6);
    assert.ok(retries.every((l) => (l.fields as { failure?: string }).failure === 'infrastructure'));
  } finally {
    await h.tearDown();
  }
});

test('nats: a message that is not an event envelope is kept as a dead letter with its text, and acked', { skip }, async () => {
  const h = await setUp();
  try {
    const consumerBus = await h.newBus();
    await consumerBus.subscribe({ consumer: 'consumer', event: h.event, db: h.db, schema: 'consumer', handle: recordThing() });
    await jetstream(h.env.nc).publish(wireSubjectFor(h.event.subject, h.env.namespace), 'not json at all');
    await waitFor(async () => (await listDeadLetters(h.db, 'consumer')).length === 1, 10_000, 'the dead letter');
    await waitFor(async () => durableIdle(h, 'consumer'), 5_000, 'the message to be acked');
    const rows = await h.db.query<{ raw: string; event_id: string | null }>(`SELECT raw, event_id FROM consumer.dead_letters`);
    assert.deepEqual(rows, [{ raw: 'not json at all', event_id: null }]);
    assert.equal(await requestDeadLetterReplay(h.db, 'consumer'), 0, 'nothing to replay without an envelope');
  } finally {
    await h.tearDown();
  }
});

const CATCH_UP_COUNT = Number(process.env.CIVIC_EVENTS_CATCHUP_COUNT ?? 10_000);

test(`nats: a consumer stopped while ${CATCH_UP_COUNT} events are produced processes all of them exactly once after it restarts`, {
  skip,
  timeout: 180_000,
}, async () => {
  const h = await setUp();
  try {
    const subscribeWith = async (bus: EventBus) => bus.subscribe({ consumer: 'consumer', event: h.event, db: h.db, schema: 'consumer', handle: recordThing() });

    // The consumer exists (its durable is created), then goes away.
    const firstLife = await h.newBus();
    const first = await subscribeWith(firstLife);
    await first.stop();
    await firstLife.close();

    const produceStarted = Date.now();
    const chunk = 1_000;
    for (let done = 0; done < CATCH_UP_COUNT; done += chunk) {
      const size = Math.min(chunk, CATCH_UP_COUNT - done);
      await h.db.transaction((tx) =>
        enqueueEvents(
          tx,
          'producer',
          h.event,
          Array.from({ length: size }, (_, i) => ({ thingId: randomUUID(), label: `t${done + i}` })),
        ),
      );
    }
    const enqueuedMs = Date.now() - produceStarted;
    await h.producerBus.startRelay({ db: h.db, schema: 'producer', service: h.service, pollIntervalMs: 50, batchSize: 500 });
    await waitFor(
      async () => (await countRows(h.db, `SELECT count(*)::int AS n FROM producer.outbox WHERE published_at IS NULL`)) === 0,
      120_000,
      'the relay to publish everything',
    );
    const publishedMs = Date.now() - produceStarted - enqueuedMs;
    assert.equal((await h.env.jsm.streams.info(h.stream)).state.messages, CATCH_UP_COUNT);
    assert.equal(await countRows(h.db, `SELECT count(*)::int AS n FROM consumer.processed_events`), 0, 'nothing consumed while stopped');

    const restartedAt = Date.now();
    const secondLife = await h.newBus();
    await subscribeWith(secondLife);
    await waitFor(
      async () => (await countRows(h.db, `SELECT count(*)::int AS n FROM consumer.processed_events`)) === CATCH_UP_COUNT,
      150_000,
      'the consumer to catch up',
    );
    const catchUpMs = Date.now() - restartedAt;
    await waitFor(async () => durableIdle(h, 'consumer'), 10_000, 'the durable to be idle');
    assert.deepEqual(await consumerState(h.db), { things: CATCH_UP_COUNT, maxSeen: 1, processed: CATCH_UP_COUNT });
    const rate = (ms: number) => Math.round((CATCH_UP_COUNT / ms) * 1000);
    console.log(
      `# catch-up of ${CATCH_UP_COUNT}: enqueue ${enqueuedMs} ms, relay publish ${publishedMs} ms (${rate(publishedMs)}/s), ` +
        `consume ${catchUpMs} ms (${rate(catchUpMs)}/s)`,
    );
  } finally {
    await h.tearDown();
  }
});

test('nats: every watching process sees every event (not shared like a durable), and a watch stops', { skip }, async () => {
  const h = await setUp();
  try {
    const replicaA = await h.newBus();
    const replicaB = await h.newBus();
    const seenA: string[] = [];
    const seenB: string[] = [];
    const watchA = await replicaA.watch(h.event, (envelope) => void seenA.push(envelope.payload.label));
    await replicaB.watch(h.event, (envelope) => void seenB.push(envelope.payload.label));
    await h.producerBus.startRelay({ db: h.db, schema: 'producer', service: h.service, pollIntervalMs: 25 });
    for (const label of ['one', 'two', 'three']) {
      await h.db.transaction((tx) => enqueueEvent(tx, 'producer', h.event, { thingId: randomUUID(), label }));
    }
    h.producerBus.kick('producer');
    await waitFor(async () => seenA.length === 3 && seenB.length === 3, 5_000, 'both watchers');
    assert.deepEqual(seenA, ['one', 'two', 'three']);
    assert.deepEqual(seenB, ['one', 'two', 'three']);

    await watchA.stop();
    await h.db.transaction((tx) => enqueueEvent(tx, 'producer', h.event, { thingId: randomUUID(), label: 'four' }));
    h.producerBus.kick('producer');
    await waitFor(async () => seenB.length === 4, 5_000, 'the remaining watcher');
    assert.deepEqual(seenA, ['one', 'two', 'three']);
  } finally {
    await h.tearDown();
  }
});
