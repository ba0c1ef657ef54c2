// The kit's opt-in batch mode (subscription.ts handleBatch) on both transports: the in-process hub
// over PGlite (embedded) and NATS JetStream over PostgreSQL (distributed). A batch applies many
// events in one transaction with every event's inbox row; a redelivery of the same ids changes
// nothing; a batch that fails falls back to one event at a time, so a bad event meets its own retry
// and dead-letter path while the others apply; version-guarded effects end at the newest version.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { jetstream } from '@nats-io/jetstream';
import type { TEventEnvelope } from '@civic/contracts/shared/define-event';
import { listDeadLetters } from '../../src/events/dead-letters.ts';
import { createEventBus, type EventBus } from '../../src/events/event-bus.ts';
import { enqueueEvents } from '../../src/events/enqueue-event.ts';
import { createInProcessHub, type InProcessHub } from '../../src/events/in-process-hub.ts';
import { durableNameFor, streamNameFor, wireSubjectFor } from '../../src/events/naming.ts';
import { type BatchEventHandler, singleEventHandler } from '../../src/events/process-event.ts';
import type { RetryPolicy } from '../../src/events/retry-policy.ts';
import type { SqlDriver } from '../../src/db/sql-driver.ts';
import type { SubscribeOptions } from '../../src/events/subscription.ts';
import { createNatsTestEnv } from './support/nats-test-env.ts';
import { createPgTestDatabase } from './support/pg-db.ts';
import { createPgliteTestDatabase } from './support/pglite-db.ts';
import { natsHostPort, PG_HOSTPORT, skipUnlessReachable } from './support/reachability.ts';
import { consumerState, countRows, defineThingCreated, migrate, recordingLogger, runAll, uniqueServiceName, waitFor } from './support/test-kit.ts';

type ThingCreated = ReturnType<typeof defineThingCreated>;
type Payload = { thingId: string; label: string };

const RETRY: Partial<RetryPolicy> = { maxDeliver: 3, backoffMs: [30, 60] };

interface Rig {
  db: SqlDriver;
  event: ThingCreated;
  logger: ReturnType<typeof recordingLogger>;
  subscribe(options: Pick<SubscribeOptions<ThingCreated>, 'handle' | 'handleBatch' | 'maxBatch'>): Promise<void>;
  /** Commits the payloads as outbox rows of one transaction and lets the consumer run. */
  produce(payloads: Payload[]): Promise<TEventEnvelope[]>;
  /** The same events delivered again (a crash between the commit and the ack, a relay run twice). */
  redeliver(envelopes: TEventEnvelope[]): Promise<void>;
  /** Nothing left for the consumer to settle. */
  idle(): Promise<boolean>;
  tearDown(): Promise<void>;
}

async function inProcessRig(): Promise<Rig> {
  const { db, close } = await createPgliteTestDatabase();
  await migrate(db, 'producer');
  await migrate(db, 'consumer');
  await createVersionTable(db);
  const hub: InProcessHub = createInProcessHub();
  const logger = recordingLogger();
  const bus = await createEventBus({ transport: 'in-process', inProcessHub: hub, logger, retry: RETRY });
  const service = uniqueServiceName();
  const event = defineThingCreated(service);
  const relay = await bus.startRelay({ db, schema: 'producer', service, pollIntervalMs: 25 });
  const unpublished = () => countRows(db, `SELECT count(*)::int AS n FROM producer.outbox WHERE published_at IS NULL`);
  return {
    db,
    event,
    logger,
    async subscribe(options) {
      await bus.subscribe({ ...options, consumer: 'consumer', event, db, schema: 'consumer' });
    },
    async produce(payloads) {
      const envelopes = await db.transaction((tx) => enqueueEvents(tx, 'producer', event, payloads));
      // The hub starts once the rows wait, so the relay hands them over in one lot (as a backlog is).
      hub.start();
      bus.kick('producer');
      return envelopes;
    },
    async redeliver() {
      await db.execute(`UPDATE producer.outbox SET published_at = NULL, attempts = 0, next_attempt_at = now()`);
      await relay.runOnce();
    },
    idle: async () => (await unpublished()) === 0,
    tearDown: () => runAll([() => bus.close(), close]),
  };
}

async function natsRig(): Promise<Rig> {
  const env = await createNatsTestEnv();
  const pg = await createPgTestDatabase();
  const buses: EventBus[] = [];
  const logger = recordingLogger();
  const newBus = async () => {
    const bus = await createEventBus({
      transport: 'nats',
      logger,
      retry: RETRY,
      streams: { namespace: env.namespace, maxAgeMs: 10 * 60 * 1000, duplicateWindowMs: 2 * 60 * 1000 },
    });
    buses.push(bus);
    return bus;
  };
  try {
    await migrate(pg.db, 'producer');
    await migrate(pg.db, 'consumer');
    await createVersionTable(pg.db);
    const service = uniqueServiceName();
    const event = defineThingCreated(service);
    const stream = streamNameFor(service, env.namespace);
    const producerBus = await newBus();
    const consumerBus = await newBus();
    let subscribe: (() => Promise<void>) | null = null;
    return {
      db: pg.db,
      event,
      logger,
      async subscribe(options) {
        // Subscribed once the events are stored, so the consumer meets a backlog (batches form).
        subscribe = async () => void (await consumerBus.subscribe({ ...options, consumer: 'consumer', event, db: pg.db, schema: 'consumer' }));
      },
      async produce(payloads) {
        await producerBus.startRelay({ db: pg.db, schema: 'producer', service, pollIntervalMs: 50 });
        const envelopes = await pg.db.transaction((tx) => enqueueEvents(tx, 'producer', event, payloads));
        producerBus.kick('producer');
        await waitFor(async () => (await env.jsm.streams.info(stream)).state.messages >= payloads.length, 20_000, 'the events to be stored');
        await subscribe?.();
        subscribe = null;
        return envelopes;
      },
      async redeliver(envelopes) {
        // Another Nats-Msg-Id, as after the duplicate window: only the inbox stands in the way.
        const js = jetstream(env.nc);
        const before = (await env.jsm.streams.info(stream)).state.messages;
        for (const envelope of envelopes) {
          await js.publish(wireSubjectFor(event.subject, env.namespace), JSON.stringify(envelope), { msgID: `${envelope.id}-again` });
        }
        await waitFor(async () => (await env.jsm.streams.info(stream)).state.messages === before + envelopes.length, 20_000, 'the copies to be stored');
      },
      async idle() {
        const info = await env.jsm.consumers.info(stream, durableNameFor('consumer', event));
        return info.num_pending === 0 && info.num_ack_pending === 0;
      },
      tearDown: () => runAll([...buses.map((bus) => () => bus.close()), env.cleanup, pg.drop]),
    };
  } catch (error) {
    await runAll([...buses.map((bus) => () => bus.close()), env.cleanup, pg.drop]);
    throw error;
  }
}

async function createVersionTable(db: SqlDriver): Promise<void> {
  await db.execute(`CREATE TABLE consumer.versions (id uuid PRIMARY KEY, version integer NOT NULL, applied integer NOT NULL DEFAULT 1)`);
}

/** The batch effect of the tests: remember each thing (`seen` counts double effects); notes each batch's size. */
function recordBatch(sizes: number[], poisonLabel?: string): BatchEventHandler<ThingCreated> {
  return async (items, { tx }) => {
    sizes.push(items.length);
    if (poisonLabel && items.some((item) => item.payload.label === poisonLabel)) throw new Error(`the handler rejects ${poisonLabel}`);
    await tx.execute(
      `INSERT INTO consumer.things (id, label)
       SELECT t."thingId", t.label FROM jsonb_to_recordset($1::jsonb) AS t("thingId" uuid, label text)
       ON CONFLICT (id) DO UPDATE SET seen = consumer.things.seen + 1`,
      [JSON.stringify(items.map((item) => item.payload))],
    );
  };
}

const things = (n: number, prefix = 'thing') => Array.from({ length: n }, (_, i) => ({ thingId: randomUUID(), label: `${prefix} ${i}` }));

const nats = natsHostPort();
const natsSkip = (await skipUnlessReachable('NATS', nats.host, nats.port)) || (await skipUnlessReachable('PostgreSQL', PG_HOSTPORT.host, PG_HOSTPORT.port));
const profiles: { name: string; rig: () => Promise<Rig>; skip: string | false }[] = [
  { name: 'in-process', rig: inProcessRig, skip: false },
  { name: 'nats', rig: natsRig, skip: natsSkip },
];

for (const profile of profiles) {
  describe(`batch consumers (${profile.name})`, { skip: profile.skip }, () => {
    test('a backlog is applied in batches, each event once; delivering the same ids again changes nothing', async () => {
      const rig = await profile.rig();
      try {
        const sizes: number[] = [];
        const handleBatch = recordBatch(sizes);
        await rig.subscribe({ handleBatch, handle: singleEventHandler(handleBatch), maxBatch: 50 });
        const envelopes = await rig.produce(things(200));
        await waitFor(async () => (await consumerState(rig.db)).processed === 200 && (await rig.idle()), 30_000, 'the backlog to be applied');
        assert.deepEqual(await consumerState(rig.db), { things: 200, maxSeen: 1, processed: 200 });
        assert.ok(Math.max(...sizes) > 1, `events were applied together (batch sizes ${sizes.join(',')})`);
        assert.ok(Math.max(...sizes) <= 50, 'no batch is larger than maxBatch');
        assert.ok(sizes.length < 200, 'fewer transactions than events');

        const calls = sizes.length;
        await rig.redeliver(envelopes);
        await waitFor(() => rig.idle(), 30_000, 'the copies to be settled');
        assert.deepEqual(await consumerState(rig.db), { things: 200, maxSeen: 1, processed: 200 }, 'no event applied twice');
        assert.equal(sizes.length, calls, 'the handler never ran for ids already in the inbox');
      } finally {
        await rig.tearDown();
      }
    });

    test('a poison event in a batch goes to its own retry and dead-letter path; the others apply', async () => {
      const rig = await profile.rig();
      try {
        const sizes: number[] = [];
        const handleBatch = recordBatch(sizes, 'poison');
        await rig.subscribe({ handleBatch, handle: singleEventHandler(handleBatch) });
        const payloads = things(80);
        payloads[37] = { thingId: randomUUID(), label: 'poison' };
        const envelopes = await rig.produce(payloads);
        await waitFor(
          async () => (await listDeadLetters(rig.db, 'consumer')).length === 1 && (await rig.idle()),
          30_000,
          'the poison event to be dead-lettered',
        );
        assert.deepEqual(await consumerState(rig.db), { things: 79, maxSeen: 1, processed: 79 });
        const [letter] = await listDeadLetters(rig.db, 'consumer');
        assert.equal(letter!.eventId, envelopes[37]!.id);
        assert.equal(letter!.deliveries, 3, 'dead-lettered after maxDeliver deliveries of its own');
        assert.match(letter!.error, /the handler rejects poison/);
        assert.ok(
          rig.logger.lines.some((line) => line.message === 'event batch failed; applying its events one at a time'),
          'the failing batch fell back to single events',
        );
      } finally {
        await rig.tearDown();
      }
    });

    test('version-guarded effects end at the newest version whatever the batches and their order', async () => {
      const rig = await profile.rig();
      try {
        const keys = [randomUUID(), randomUUID(), randomUUID()];
        const guarded: BatchEventHandler<ThingCreated> = async (items, { tx }) => {
          for (const { payload } of items) {
            await tx.execute(
              `INSERT INTO consumer.versions (id, version) VALUES ($1::uuid, $2::int)
               ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version, applied = consumer.versions.applied + 1
               WHERE consumer.versions.version < EXCLUDED.version`,
              [payload.thingId, Number(payload.label)],
            );
          }
        };
        await rig.subscribe({ handleBatch: guarded, handle: singleEventHandler(guarded), maxBatch: 16 });
        // Versions 1..40 of each key, shuffled: later events often carry older versions.
        const payloads = keys.flatMap((thingId) => Array.from({ length: 40 }, (_, i) => ({ thingId, label: String(i + 1) })));
        for (let i = payloads.length - 1; i > 0; i--) {
          const j = Math.floor(Math.random() * (i + 1));
          [payloads[i], payloads[j]] = [payloads[j]!, payloads[i]!];
        }
        const envelopes = await rig.produce(payloads);
        await waitFor(
          async () => (await countRows(rig.db, `SELECT count(*)::int AS n FROM consumer.processed_events`)) === 120 && (await rig.idle()),
          30_000,
          'every version',
        );
        const rows = await rig.db.query<{ id: string; version: number }>(`SELECT id::text, version FROM consumer.versions ORDER BY id`);
        assert.deepEqual(
          rows.map((row) => row.version),
          [40, 40, 40],
        );
        await rig.redeliver(envelopes.slice(0, 40));
        await waitFor(() => rig.idle(), 30_000, 'the copies to be settled');
        const after = await rig.db.query<{ version: number }>(`SELECT version FROM consumer.versions`);
        assert.deepEqual(
          after.map((row) => row.version),
          [40, 40, 40],
        );
      } finally {
        await rig.tearDown();
      }
    });
  });
}
