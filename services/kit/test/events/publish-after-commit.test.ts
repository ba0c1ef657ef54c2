// A service's driver publishes the outbox events of what it commits by itself: an
// event enqueued in a transaction is handed to the transport right after the commit with nobody
// kicking the relay, and a transaction that rolls back (or wrote no event) kicks nothing. The
// relay's poll is an hour here, so only the after-commit kick can publish in time.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDriver } from '../../src/db/pglite-driver.ts';
import type { SqlDriver } from '../../src/db/sql-driver.ts';
import { buildOutboxRows, enqueueEvent, insertOutboxRows } from '../../src/events/enqueue-event.ts';
import { startOutboxRelay, type OutboxRelay, type OutboxSink } from '../../src/events/outbox-relay.ts';
import { publishAfterCommit } from '../../src/events/publish-after-commit.ts';
import { countRows, defineThingCreated, migrate, recordingLogger, uniqueServiceName, waitFor } from './support/test-kit.ts';

const SCHEMA = 'producer';
const WRITE_EVENT = 'producer_write_event';
const event = defineThingCreated(uniqueServiceName());

let pglite: PGlite;
let relay: OutboxRelay;
let kicks = 0;
const handedOver: string[] = [];
const publish = () => {
  kicks += 1;
  relay.kick();
};
let db: SqlDriver;

before(async () => {
  pglite = new PGlite();
  const plain = pgliteDriver(pglite);
  await migrate(plain, SCHEMA);
  const sink: OutboxSink = {
    async handOver(rows) {
      handedOver.push(...rows.map((row) => row.envelope.id));
      return rows.map((row) => ({ id: row.envelope.id, ok: true as const }));
    },
  };
  relay = startOutboxRelay({ db: plain, schema: SCHEMA, service: SCHEMA, sink, logger: recordingLogger(), pollIntervalMs: 3_600_000 });
  await relay.runOnce(); // the run every relay starts with
  db = publishAfterCommit(plain, publish, [WRITE_EVENT]);
});

after(async () => {
  await relay.stop();
  await pglite.close();
});

const thing = () => ({ thingId: randomUUID(), label: 'x' });
const unpublished = () => countRows(db, `SELECT count(*)::int AS n FROM ${SCHEMA}.outbox WHERE published_at IS NULL`);

/** A statement that writes an outbox row itself, as a service's SQL function given buildOutboxRows' row does. */
function writeEvent(sql: Pick<SqlDriver, 'query'>, name?: string) {
  const { envelopes, rows } = buildOutboxRows(event, [thing()]);
  const insert = `INSERT INTO ${SCHEMA}.outbox (id, subject, version, payload, headers, created_at)
                  SELECT (r->>'id')::uuid, r->>'subject', (r->>'version')::int, r->'payload', r->'headers', (r->>'occurredAt')::timestamptz
                  FROM jsonb_array_elements($1::jsonb) AS t(r)`;
  return sql.query(insert, [JSON.stringify(rows)], name).then(() => envelopes[0]!.id);
}

test('an event enqueued in a transaction is published after its commit, with no call to publish it', async () => {
  const before = kicks;
  const envelope = await db.transaction((tx) => enqueueEvent(tx, SCHEMA, event, thing()));
  assert.equal(kicks, before + 1);
  await waitFor(async () => handedOver.includes(envelope.id), 10_000, 'the committed event to be handed over');
  assert.equal(await unpublished(), 0);
});

test('a transaction that rolls back publishes nothing and kicks nothing', async () => {
  const before = { kicks, handed: handedOver.length };
  await assert.rejects(
    db.transaction(async (tx) => {
      await enqueueEvent(tx, SCHEMA, event, thing());
      throw new Error('the request failed after writing');
    }),
    /failed after writing/,
  );
  assert.equal(kicks, before.kicks);
  assert.equal(await relay.runOnce(), 0);
  assert.equal(handedOver.length, before.handed);
  assert.equal(await unpublished(), 0);
});

test('a transaction that enqueued no event kicks nothing', async () => {
  const before = kicks;
  assert.equal(await db.transaction(async (tx) => (await tx.query<{ one: number }>('SELECT 1 AS one'))[0]!.one), 1);
  assert.equal(kicks, before);
});

test('a declared statement that writes outbox rows is published after it commits; other statements kick nothing', async () => {
  const before = kicks;
  const id = await writeEvent(db, WRITE_EVENT);
  assert.equal(kicks, before + 1);
  await waitFor(async () => handedOver.includes(id), 10_000, "the statement's event to be handed over");
  await db.query('SELECT 1', [], 'producer_read');
  assert.equal(kicks, before + 1);
});

test('inside a transaction, the declared statement publishes at the commit, and not at all on a rollback', async () => {
  const before = kicks;
  const id = await db.transaction(async (tx) => {
    const written = await writeEvent(tx, WRITE_EVENT);
    assert.equal(kicks, before, 'no kick before the COMMIT');
    return written;
  });
  assert.equal(kicks, before + 1);
  await waitFor(async () => handedOver.includes(id), 10_000, "the transaction's event to be handed over");

  await assert.rejects(
    db.transaction(async (tx) => {
      await writeEvent(tx, WRITE_EVENT);
      throw new Error('rolled back');
    }),
    /rolled back/,
  );
  assert.equal(kicks, before + 1);
  assert.equal(await unpublished(), 0);
});

test('outbox rows inserted after a statement in the same transaction publish once it commits; none, nothing', async () => {
  const before = kicks;
  const { envelopes, rows } = buildOutboxRows(event, [thing()]);
  await db.transaction(async (tx) => {
    const [row] = await tx.query<{ n: number }>('SELECT 1 AS n');
    if (row?.n === 1) await insertOutboxRows(tx, SCHEMA, rows);
  });
  assert.equal(kicks, before + 1);
  await waitFor(async () => handedOver.includes(envelopes[0]!.id), 10_000, "the transaction's event to be handed over");
  await db.transaction(async (tx) => insertOutboxRows(tx, SCHEMA, []));
  assert.equal(kicks, before + 1);
});

test('an event enqueued outside a transaction (one statement) is published at once', async () => {
  const before = kicks;
  const envelope = await enqueueEvent(db, SCHEMA, event, thing());
  assert.equal(kicks, before + 1);
  await waitFor(async () => handedOver.includes(envelope.id), 10_000, 'the event to be handed over');
});
