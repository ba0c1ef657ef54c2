// The producer side: the outbox row commits or rolls back with the state change (SECURITY 19),
// payloads are validated, and the relay's poll publishes rows nobody kicked (reconciliation).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { SqlDriver } from '../../src/db/sql-driver.ts';
import { enqueueEvent, enqueueEvents } from '../../src/events/enqueue-event.ts';
import { outboxMigrationSql, outboxMigrationStatements } from '../../src/events/outbox-schema.ts';
import { fetchDueOutboxRows } from '../../src/events/outbox-store.ts';
import { createEventBus } from '../../src/events/event-bus.ts';
import { createInProcessHub } from '../../src/events/in-process-hub.ts';
import { createPgTestDatabase } from './support/pg-db.ts';
import { createPgliteTestDatabase } from './support/pglite-db.ts';
import { PG_HOSTPORT, skipUnlessReachable } from './support/reachability.ts';
import { countRows, defineThingCreated, migrate, recordingLogger, runAll, uniqueServiceName, waitFor } from './support/test-kit.ts';

const pgSkip = await skipUnlessReachable('PostgreSQL', PG_HOSTPORT.host, PG_HOSTPORT.port);

const drivers: { name: string; skip: string | false; open(): Promise<{ db: SqlDriver; close(): Promise<void> }> }[] = [
  { name: 'PGlite', skip: false, open: createPgliteTestDatabase },
  {
    name: 'PostgreSQL',
    skip: pgSkip,
    async open() {
      const pg = await createPgTestDatabase();
      return { db: pg.db, close: pg.drop };
    },
  },
];

test('outboxMigrationSql creates the outbox and the processed-events inbox for a schema', () => {
  const sql = outboxMigrationSql('auth');
  assert.match(sql, /CREATE TABLE IF NOT EXISTS auth\.outbox/);
  assert.match(sql, /CREATE TABLE IF NOT EXISTS auth\.processed_events/);
  assert.match(sql, /PRIMARY KEY \(consumer, event_id\)/);
  assert.throws(() => outboxMigrationSql('auth; DROP TABLE x'), /Invalid schema name/);
});

for (const driver of drivers) {
  test(`${driver.name}: the outbox row and the state change commit or roll back together`, { skip: driver.skip }, async () => {
    const { db, close } = await driver.open();
    try {
      await migrate(db, 'producer');
      // Re-running the migration is harmless (IF NOT EXISTS everywhere).
      for (const statement of outboxMigrationStatements('producer')) await db.execute(statement);
      const event = defineThingCreated(uniqueServiceName());

      const committed = await db.transaction(async (tx) => {
        const thingId = randomUUID();
        await tx.execute(`INSERT INTO producer.things (id, label) VALUES ($1::uuid, 'kept')`, [thingId]);
        return enqueueEvent(tx, 'producer', event, { thingId, label: 'kept' });
      });

      await assert.rejects(
        db.transaction(async (tx) => {
          const thingId = randomUUID();
          await tx.execute(`INSERT INTO producer.things (id, label) VALUES ($1::uuid, 'lost')`, [thingId]);
          await enqueueEvent(tx, 'producer', event, { thingId, label: 'lost' });
          throw new Error('the request failed after writing');
        }),
        /the request failed/,
      );

      // An invalid payload is refused before anything is written, and the state change goes with it.
      await assert.rejects(
        db.transaction(async (tx) => {
          await tx.execute(`INSERT INTO producer.things (id, label) VALUES ($1::uuid, 'bad')`, [randomUUID()]);
          await enqueueEvent(tx, 'producer', event, { thingId: 'not-a-uuid', label: 'bad' });
        }),
      );

      assert.equal(await countRows(db, `SELECT count(*)::int AS n FROM producer.things`), 1);
      const rows = await fetchDueOutboxRows(db, 'producer', 10);
      assert.equal(rows.length, 1);
      assert.deepEqual(rows[0]!.envelope, committed, 'the stored row reproduces the envelope exactly');
      assert.equal(committed.subject, event.subject);
      assert.equal(committed.version, 1);
      assert.match(committed.id, /^[0-9a-f-]{36}$/);
    } finally {
      await close();
    }
  });
}

test('PGlite: the relay poll publishes a committed row that was never kicked (reconciliation)', async () => {
  const { db, close } = await createPgliteTestDatabase();
  const hub = createInProcessHub();
  const bus = await createEventBus({ transport: 'in-process', inProcessHub: hub, logger: recordingLogger() });
  try {
    await migrate(db, 'producer');
    await migrate(db, 'consumer');
    const event = defineThingCreated(uniqueServiceName());
    const seen: string[] = [];
    await bus.subscribe({ consumer: 'consumer', event, db, schema: 'consumer', handle: async (_p, { envelope }) => void seen.push(envelope.id) });
    await bus.startRelay({ db, schema: 'producer', service: 'producer', pollIntervalMs: 50 });
    hub.start();
    // As if the process died between COMMIT and kick(): nothing tells the relay about this row.
    const envelope = await db.transaction((tx) => enqueueEvent(tx, 'producer', event, { thingId: randomUUID(), label: 'x' }));
    await waitFor(async () => seen.length === 1, 3_000, 'the poll to publish the row');
    assert.deepEqual(seen, [envelope.id]);
  } finally {
    await runAll([() => bus.close(), close]);
  }
});

test('PostgreSQL: the relay fetches and marks on prepared statements, in order, batch after batch', { skip: pgSkip }, async () => {
  const database = await createPgTestDatabase();
  const hub = createInProcessHub();
  const bus = await createEventBus({ transport: 'in-process', inProcessHub: hub, logger: recordingLogger() });
  const named: string[] = [];
  const sql: SqlDriver = {
    ...database.db,
    query: (text, params, name) => (named.push(name ?? '(unnamed)'), database.db.query(text, params, name)),
    execute: (text, params, name) => (named.push(name ?? '(unnamed)'), database.db.execute(text, params, name)),
  };
  try {
    const { db } = database;
    await migrate(db, 'producer');
    await migrate(db, 'consumer');
    const event = defineThingCreated(uniqueServiceName());
    const seen: string[] = [];
    await bus.subscribe({ consumer: 'consumer', event, db, schema: 'consumer', handle: async (_p, { envelope }) => void seen.push(envelope.id) });
    // 25 rows in batches of 10: two full batches, then a short one that ends the run.
    const envelopes = await db.transaction((tx) =>
      enqueueEvents(
        tx,
        'producer',
        event,
        Array.from({ length: 25 }, (_, i) => ({ thingId: randomUUID(), label: `row ${i}` })),
      ),
    );
    const relay = await bus.startRelay({ db: sql, schema: 'producer', service: 'producer', pollIntervalMs: 60_000, batchSize: 10 });
    hub.start();
    await relay.runOnce();
    await waitFor(async () => seen.length === 25, 5_000, 'the 25 rows to arrive');
    assert.deepEqual(
      seen,
      envelopes.map((e) => e.id),
      'in outbox order',
    );
    assert.equal(await countRows(db, 'SELECT count(*)::int AS n FROM producer.outbox WHERE published_at IS NULL'), 0);
    const fetches = named.filter((n) => n === 'outbox_fetch_producer').length;
    const marks = named.filter((n) => n === 'outbox_mark_producer').length;
    assert.equal(marks, 3, 'one mark per batch');
    assert.ok(fetches >= 3 && fetches <= 4, `three fetches, not a fourth to find the outbox empty (${fetches}; the start's own run may add one)`);
    assert.ok(!named.includes('(unnamed)'), 'every relay statement is prepared');
  } finally {
    await runAll([() => bus.close(), () => database.drop()]);
  }
});
