// Issue 15 item 2: a consumer whose own database is down for longer than the old retry budget (every
// delivery failing, well past maxDeliver) loses nothing. Its database is a PostgreSQL of the test's
// own, stopped as in a crash while the events are produced and started again afterwards; the consumer
// then applies every event exactly once, and nothing becomes a dead letter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createEventBus, type EventBus } from '../../src/events/event-bus.ts';
import { listDeadLetters } from '../../src/events/dead-letters.ts';
import { enqueueEvents } from '../../src/events/enqueue-event.ts';
import { startDedicatedPostgres } from '../../../../test/support/dedicated-servers.ts';
import { createNatsTestEnv } from './support/nats-test-env.ts';
import { createPgTestDatabase } from './support/pg-db.ts';
import { natsHostPort, PG_HOSTPORT, skipUnlessReachable } from './support/reachability.ts';
import { consumerState, countRows, defineThingCreated, migrate, recordingLogger, recordThing, runAll, uniqueServiceName, waitFor } from './support/test-kit.ts';

const nats = natsHostPort();
const skip = (await skipUnlessReachable('NATS', nats.host, nats.port)) || (await skipUnlessReachable('PostgreSQL', PG_HOSTPORT.host, PG_HOSTPORT.port));
const COUNT = Number(process.env.CIVIC_EVENTS_OUTAGE_COUNT ?? 10_000);
// The old budget: 3 deliveries ~220 ms apart, then the event was given up for this consumer.
const RETRY = { maxDeliver: 3, backoffMs: [20, 200] };

test(`nats: ${COUNT} events produced while the consumer's database is down past maxDeliver are all applied exactly once when it returns`, {
  skip,
  timeout: 200_000,
}, async () => {
  const env = await createNatsTestEnv();
  const producerPg = await createPgTestDatabase();
  const consumerServer = await startDedicatedPostgres();
  const consumerPg = await createPgTestDatabase(consumerServer.url);
  const logger = recordingLogger();
  const buses: EventBus[] = [];
  try {
    await migrate(producerPg.db, 'producer');
    await migrate(consumerPg.db, 'consumer');
    const service = uniqueServiceName();
    const event = defineThingCreated(service);
    const newBus = async () => {
      const bus = await createEventBus({ transport: 'nats', logger, retry: RETRY, streams: { namespace: env.namespace, maxAgeMs: 10 * 60 * 1000 } });
      buses.push(bus);
      return bus;
    };
    const consumerBus = await newBus();
    await consumerBus.subscribe({ consumer: 'consumer', event, db: consumerPg.db, schema: 'consumer', handle: recordThing(), concurrency: 8 });

    await consumerServer.stop();
    const producerBus = await newBus();
    for (let done = 0; done < COUNT; done += 1_000) {
      const size = Math.min(1_000, COUNT - done);
      await producerPg.db.transaction((tx) =>
        enqueueEvents(
          tx,
          'producer',
          event,
          Array.from({ length: size }, (_, i) => ({ thingId: randomUUID(), label: `t${done + i}` })),
        ),
      );
    }
    await producerBus.startRelay({ db: producerPg.db, schema: 'producer', service, pollIntervalMs: 50, batchSize: 500 });

    // Past the old budget: some event has failed more than maxDeliver times, each time for the
    // database, and is still being retried.
    const failures = () => logger.lines.filter((l) => l.message === 'event handler failed; will redeliver');
    await waitFor(
      async () => failures().some((l) => (l.fields as { deliveries: number }).deliveries > RETRY.maxDeliver + 1),
      90_000,
      'deliveries past the old budget',
    );
    assert.ok(
      failures().every((l) => (l.fields as { failure?: string }).failure === 'infrastructure'),
      'every failure is the database',
    );
    assert.equal(logger.lines.filter((l) => /dead-lettered/.test(l.message ?? '')).length, 0);

    await consumerServer.start();
    await waitFor(async () => (await consumerState(consumerPg.db)).processed === COUNT, 150_000, 'every event to be applied');
    assert.deepEqual(await consumerState(consumerPg.db), { things: COUNT, maxSeen: 1, processed: COUNT });
    assert.equal((await listDeadLetters(consumerPg.db, 'consumer')).length, 0, 'no dead letter');
    assert.equal(await countRows(producerPg.db, `SELECT count(*)::int AS n FROM producer.outbox WHERE published_at IS NULL`), 0);
    console.log(`# ${COUNT} events over a consumer database outage: ${failures().length} failed deliveries retried, all applied once`);
  } finally {
    await runAll([...buses.map((bus) => () => bus.close()), env.cleanup, producerPg.drop, consumerPg.drop, consumerServer.dispose]);
  }
});
