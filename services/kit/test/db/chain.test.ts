// A driver's chain on PGlite and on PostgreSQL: the second statement is made from the first's rows
// and commits with it, or neither does; parameters written in as literals keep their values.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { databaseUrl, dropDatabase, ensureDatabase, pgPoolDriver } from '../../src/db/pg-driver.ts';
import { pgliteDriver } from '../../src/db/pglite-driver.ts';
import type { SqlDriver } from '../../src/db/sql-driver.ts';
import { LOCAL_INFRA, profilePlan } from '../../../../test/support/infrastructure.ts';

async function exercise(driver: SqlDriver) {
  await driver.exec('CREATE TABLE things (id int PRIMARY KEY, label text, at timestamptz, doc jsonb); CREATE TABLE notes (thing int, note text)');
  const tricky = `it's a \\ "quoted" $1 label`;
  const at = new Date('2026-12-20T10:00:00.000Z');
  const rows = await driver.chain<{ id: number }>(
    { text: 'INSERT INTO things VALUES ($1::int, $2, $3::timestamptz, $4::jsonb) RETURNING id', params: [-7, tricky, at, JSON.stringify({ a: "b'c" })] },
    ([row]) => ({ text: 'INSERT INTO notes VALUES ($1::int, $2)', params: [row!.id, null] }),
  );
  assert.deepEqual(rows, [{ id: -7 }]);
  const [thing] = await driver.query<{ label: string; at: Date; doc: unknown }>('SELECT label, at, doc FROM things WHERE id = -7');
  assert.deepEqual(thing, { label: tricky, at, doc: { a: "b'c" } });
  assert.deepEqual(await driver.query('SELECT thing, note FROM notes'), [{ thing: -7, note: null }]);

  // No second statement: the first commits alone.
  await driver.chain({ text: 'INSERT INTO things (id) VALUES (1)' }, () => null);
  // The second fails, or building it throws: the first is rolled back.
  await assert.rejects(driver.chain({ text: 'INSERT INTO things (id) VALUES (2)' }, () => ({ text: 'INSERT INTO notes VALUES (1, 2, 3)' })));
  await assert.rejects(
    driver.chain({ text: 'INSERT INTO things (id) VALUES (3)' }, () => {
      throw new Error('no events');
    }),
    /no events/,
  );
  const ids = await driver.query<{ id: number }>('SELECT id FROM things ORDER BY id');
  assert.deepEqual(
    ids.map((r) => r.id),
    [-7, 1],
  );
  // Inside a transaction, a chain is two statements of that transaction.
  await assert.rejects(
    driver.transaction(async (tx) => {
      await tx.chain({ text: 'INSERT INTO things (id) VALUES (4)' }, () => ({ text: 'INSERT INTO notes VALUES (4, $1)', params: ['x'] }));
      throw new Error('rolled back');
    }),
  );
  assert.equal((await driver.query('SELECT 1 FROM things WHERE id = 4')).length, 0);
}

const distributed = (await profilePlan()).find((p) => p.profile === 'distributed')!;

describe('chain', () => {
  test('on PGlite', async () => {
    const db = await PGlite.create();
    try {
      await exercise(pgliteDriver(db));
    } finally {
      await db.close();
    }
  });

  test('on PostgreSQL', { skip: distributed.skip }, async () => {
    const database = `civic_test_chain_${randomBytes(4).toString('hex')}`;
    await ensureDatabase(LOCAL_INFRA.DATABASE_URL, database);
    const pool = new pg.Pool({ connectionString: databaseUrl(LOCAL_INFRA.DATABASE_URL, database), max: 2 });
    try {
      await exercise(pgPoolDriver(pool));
    } finally {
      await pool.end();
      await dropDatabase(LOCAL_INFRA.DATABASE_URL, database);
    }
  });
});
