// The embedded profile's transport over a real PGlite: outbox -> relay -> hub -> idempotent consumers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createEventBus } from '../../src/events/event-bus.ts';
import { listDeadLetters, requestDeadLetterReplay } from '../../src/events/dead-letters.ts';
import { createInProcessHub } from '../../src/events/in-process-hub.ts';
import { enqueueEvent, enqueueEvents } from '../../src/events/enqueue-event.ts';
import type { SqlDriver } from '../../src/db/sql-driver.ts';
import { createPgliteTestDatabase } from './support/pglite-db.ts';
import { consumerState, countRows, defineThingCreated, migrate, recordingLogger, recordThing, runAll, uniqueServiceName, waitFor } from './support/test-kit.ts';

const FAST_RETRY = { maxDeliver: 4, backoffMs: [20, 40] };

async function setUp(options: { startHub?: boolean } = {}) {
  const { db, close } = await createPgliteTestDatabase();
  // One PGlite, a schema per service: the embedded layout.
  await migrate(db, 'producer');
  await migrate(db, 'consumer');
  const hub = createInProcessHub();
  const logger = recordingLogger();
  const bus = await createEventBus({ transport: 'in-process', inProcessHub: hub, logger, retry: FAST_RETRY });
  const service = uniqueServiceName();
  const event = defineThingCreated(service);
  const relay = await bus.startRelay({ db, schema: 'producer', service, pollIntervalMs: 25 });
  if (options.startHub !== false) hub.start();
  return {
    db,
    hub,
    bus,
    relay,
    event,
    logger,
    tearDown: () => runAll([() => bus.close(), close]),
  };
}

async function produce(db: SqlDriver, event: ReturnType<typeof defineThingCreated>, label = 'a thing') {
  return db.transaction(async (tx) => {
    const thingId = randomUUID();
    await tx.execute(`INSERT INTO producer.things (id, label) VALUES ($1::uuid, $2)`, [thingId, label]);
    return enqueueEvent(tx, 'producer', event, { thingId, label });
  });
}

test('in-process: an outboxed event arrives exactly once even when the relay hands it over twice', async () => {
  const t = await setUp();
  try {
    const calls: string[] = [];
    await t.bus.subscribe({ consumer: 'consumer', event: t.event, db: t.db, schema: 'consumer', handle: recordThing(calls) });
    const envelope = await produce(t.db, t.event);
    t.bus.kick('producer');
    await waitFor(async () => calls.length === 1, 5_000, 'first delivery');

    // Simulate a crash after handing over but before marking published: the row is due again.
    await t.db.execute(`UPDATE producer.outbox SET published_at = NULL`);
    assert.equal(await t.relay.runOnce(), 1, 'the relay handed the row over a second time');

    assert.deepEqual(calls, [envelope.id], 'the handler ran once');
    assert.deepEqual(await consumerState(t.db), { things: 1, maxSeen: 1, processed: 1 });
  } finally {
    await t.tearDown();
  }
});

test('in-process: delivering every message twice leaves the state unchanged', async () => {
  const t = await setUp({ startHub: false });
  try {
    await t.bus.subscribe({ consumer: 'consumer', event: t.event, db: t.db, schema: 'consumer', handle: recordThing() });
    const envelopes = await t.db.transaction((tx) =>
      enqueueEvents(
        tx,
        'producer',
        t.event,
        Array.from({ length: 50 }, (_, i) => ({ thingId: randomUUID(), label: `thing ${i}` })),
      ),
    );
    t.hub.start();
    await t.relay.runOnce();
    const once = await consumerState(t.db);
    for (const envelope of envelopes) {
      assert.deepEqual(await t.hub.deliver(envelope, {}, 1), { retryInMs: null, errors: [] });
    }
    assert.deepEqual(await consumerState(t.db), once);
    assert.deepEqual(once, { things: 50, maxSeen: 1, processed: 50 });
  } finally {
    await t.tearDown();
  }
});

test('in-process: a failing handler is retried with backoff and then succeeds; other subscribers are not repeated', async () => {
  const t = await setUp();
  try {
    let failuresLeft = 2;
    const attempts: number[] = [];
    const steadyCalls: string[] = [];
    await t.bus.subscribe({
      consumer: 'flaky',
      event: t.event,
      db: t.db,
      schema: 'consumer',
      handle: async (payload, ctx) => {
        attempts.push(Date.now());
        await recordThing()(payload, ctx);
        if (failuresLeft-- > 0) throw new Error('transient failure');
      },
    });
    await t.bus.subscribe({
      consumer: 'steady',
      event: t.event,
      db: t.db,
      schema: 'consumer',
      handle: async (_p, { envelope }) => void steadyCalls.push(envelope.id),
    });

    await produce(t.db, t.event);
    t.bus.kick('producer');
    await waitFor(
      async () => (await countRows(t.db, `SELECT count(*)::int AS n FROM producer.outbox WHERE published_at IS NOT NULL`)) === 1,
      5_000,
      'the row to settle',
    );

    assert.equal(attempts.length, 3, 'two failures then a success');
    assert.ok(attempts[2]! - attempts[1]! >= 35, 'the second retry waited for the second backoff step');
    assert.equal(steadyCalls.length, 1, 'the subscriber that succeeded first was not run again');
    // The failed attempts rolled back their effect; only the successful one committed.
    assert.deepEqual(await consumerState(t.db), { things: 1, maxSeen: 1, processed: 2 });
    assert.equal(t.logger.lines.filter((l) => l.message === 'event handler failed; will redeliver').length, 2);
  } finally {
    await t.tearDown();
  }
});

test('in-process: an event a consumer keeps rejecting is dead-lettered after maxDeliver deliveries, the row settles, and a replay applies it once', async () => {
  const t = await setUp();
  try {
    let rejecting = true;
    let calls = 0;
    await t.bus.subscribe({
      consumer: 'broken',
      event: t.event,
      db: t.db,
      schema: 'consumer',
      retry: { maxDeliver: 3 },
      handle: async (payload, ctx) => {
        calls++;
        if (rejecting) throw new Error('the handler rejects this event');
        await recordThing()(payload, ctx);
      },
    });
    const envelope = await produce(t.db, t.event);
    t.bus.kick('producer');
    await waitFor(
      async () => (await countRows(t.db, `SELECT count(*)::int AS n FROM producer.outbox WHERE published_at IS NOT NULL`)) === 1,
      5_000,
      'the row to settle',
    );
    assert.equal(calls, 3);
    const [letter] = await listDeadLetters(t.db, 'consumer');
    assert.equal(letter!.eventId, envelope.id);
    assert.equal(letter!.consumer, 'broken');
    assert.match(letter!.error, /the handler rejects this event/);
    assert.equal(await countRows(t.db, `SELECT count(*)::int AS n FROM consumer.processed_events`), 0, 'nothing was recorded as processed');

    rejecting = false;
    assert.equal(await requestDeadLetterReplay(t.db, 'consumer'), 1);
    assert.equal(await t.bus.replayDeadLetters(), 1);
    assert.deepEqual(await consumerState(t.db), { things: 1, maxSeen: 1, processed: 1 });
    assert.ok((await listDeadLetters(t.db, 'consumer'))[0]!.replayedAt);
  } finally {
    await t.tearDown();
  }
});

test('in-process: a consumer whose infrastructure is away keeps the row unpublished past maxDeliver until it succeeds; a dead-lettered consumer is not run again meanwhile', async () => {
  const t = await setUp();
  try {
    let outageLeft = 6;
    let rejectedCalls = 0;
    await t.bus.subscribe({
      consumer: 'consumer',
      event: t.event,
      db: t.db,
      schema: 'consumer',
      retry: { maxDeliver: 2 },
      handle: async (payload, ctx) => {
        if (outageLeft-- > 0) throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
        await recordThing()(payload, ctx);
      },
    });
    await t.bus.subscribe({
      consumer: 'rejecting',
      event: t.event,
      db: t.db,
      schema: 'consumer',
      retry: { maxDeliver: 2 },
      handle: async () => {
        rejectedCalls++;
        throw new Error('never accepted');
      },
    });
    await produce(t.db, t.event);
    t.bus.kick('producer');
    await waitFor(
      async () => (await countRows(t.db, `SELECT count(*)::int AS n FROM producer.outbox WHERE published_at IS NOT NULL`)) === 1,
      10_000,
      'the row to settle',
    );
    assert.deepEqual(await consumerState(t.db), { things: 1, maxSeen: 1, processed: 1 });
    assert.equal(rejectedCalls, 2, 'the rejecting consumer ran maxDeliver times, not once per outage retry');
    assert.deepEqual(
      (await listDeadLetters(t.db, 'consumer')).map((l) => l.consumer),
      ['rejecting'],
    );
  } finally {
    await t.tearDown();
  }
});

test('in-process: rows wait until the hub starts, so late subscribers get leftovers', async () => {
  const t = await setUp({ startHub: false });
  try {
    // Left over from a previous run: committed but never delivered.
    const envelope = await produce(t.db, t.event);
    t.bus.kick('producer');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const calls: string[] = [];
    await t.bus.subscribe({ consumer: 'consumer', event: t.event, db: t.db, schema: 'consumer', handle: recordThing(calls) });
    t.hub.start();
    await waitFor(async () => calls.length === 1, 5_000, 'delivery after start');
    assert.deepEqual(calls, [envelope.id]);
  } finally {
    await t.tearDown();
  }
});

test('in-process: the consumer validates only what it reads (unknown fields pass through)', async () => {
  const t = await setUp();
  try {
    const seen: unknown[] = [];
    await t.bus.subscribe({ consumer: 'consumer', event: t.event, db: t.db, schema: 'consumer', handle: async (payload) => void seen.push(payload) });
    const thingId = randomUUID();
    // A newer producer added a field this consumer does not know.
    const outcome = await t.hub.deliver(
      { id: randomUUID(), subject: t.event.subject, occurredAt: new Date().toISOString(), version: 1, payload: { thingId, label: 'x', colour: 'red' } },
      {},
      1,
    );
    assert.deepEqual(outcome, { retryInMs: null, errors: [] });
    assert.deepEqual(seen, [{ thingId, label: 'x', colour: 'red' }]);
  } finally {
    await t.tearDown();
  }
});

test('in-process: a watch sees each event once, before and beside the durable subscribers, and stops', async () => {
  const t = await setUp();
  try {
    const watched: string[] = [];
    const durable: string[] = [];
    const watch = await t.bus.watch(t.event, (envelope) => void watched.push(envelope.payload.label));
    // A failing watcher changes nothing for the others or for delivery.
    await t.bus.watch(t.event, () => {
      throw new Error('watcher failure');
    });
    await t.bus.subscribe({ consumer: 'consumer', event: t.event, db: t.db, schema: 'consumer', handle: recordThing(durable) });
    await produce(t.db, t.event, 'first');
    t.bus.kick('producer');
    await waitFor(async () => durable.length === 1, 5_000, 'durable delivery');
    assert.deepEqual(watched, ['first']);
    // A redelivery attempt (the relay retrying a row) is not shown to watchers again.
    const envelope = {
      id: randomUUID(),
      subject: t.event.subject,
      occurredAt: new Date().toISOString(),
      version: 1,
      payload: { thingId: randomUUID(), label: 'again' },
    };
    await t.hub.deliver(envelope, {}, 2);
    assert.deepEqual(watched, ['first']);
    // Another version of the subject is not this watch's.
    await t.hub.deliver({ ...envelope, id: randomUUID(), version: 2 }, {}, 1);
    assert.deepEqual(watched, ['first']);
    assert.ok(t.logger.lines.some((l) => l.message === 'event watcher failed'));

    await watch.stop();
    await produce(t.db, t.event, 'second');
    t.bus.kick('producer');
    await waitFor(async () => durable.length === 2, 5_000, 'second durable delivery');
    assert.deepEqual(watched, ['first']);
  } finally {
    await t.tearDown();
  }
});
