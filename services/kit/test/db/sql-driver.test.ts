// The kit's driver, the one way a service reaches its database, holds to the same contract on PGlite
// (embedded) and PostgreSQL (distributed): bound values, row counts, transactions all or nothing.
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
  // Bound parameters keep their values; rows come back with the same types on both drivers.
  assert.equal(await driver.execute('INSERT INTO things VALUES ($1::int, $2, $3::timestamptz, $4::jsonb)', [-7, tricky, at, JSON.stringify({ a: "b'c" })]), 1);
  const [thing] = await driver.query<{ label: string; at: Date; doc: unknown }>('SELECT label, at, doc FROM things WHERE id = $1::int', [-7], 'things_by_id');
  assert.deepEqual(thing, { label: tricky, at, doc: { a: "b'c" } });
  // A named statement is planned once per connection: the same name runs again with other values.
  assert.deepEqual(await driver.query('SELECT label, at, doc FROM things WHERE id = $1::int', [8], 'things_by_id'), []);

  // execute counts the rows a statement changed.
  assert.equal(await driver.execute('INSERT INTO things (id) SELECT g FROM generate_series(1, 3) g'), 3);
  assert.equal(await driver.execute('UPDATE things SET label = $1 WHERE id > $2::int', ['x', 1]), 2);
  assert.equal(await driver.execute('DELETE FROM things WHERE id = $1::int', [99]), 0);

  // A transaction commits every statement, or none when its function throws; a nested call joins it.
  await driver.transaction(async (tx) => {
    await tx.execute('INSERT INTO notes VALUES ($1::int, $2)', [-7, null]);
    await tx.transaction((inner) => inner.execute('INSERT INTO notes VALUES (1, $1)', ['inner']));
  });
  await assert.rejects(
    driver.transaction(async (tx) => {
      await tx.execute('INSERT INTO things (id) VALUES (4)');
      await tx.transaction((inner) => inner.execute('INSERT INTO notes VALUES (4, $1)', ['x']));
      throw new Error('rolled back');
    }),
    /rolled back/,
  );
  // A failing statement rolls the transaction back too.
  await assert.rejects(
    driver.transaction(async (tx) => {
      await tx.execute('INSERT INTO things (id) VALUES (5)');
      await tx.execute('INSERT INTO notes VALUES (1, 2, 3)');
    }),
  );
  const ids = await driver.query<{ id: number }>('SELECT id FROM things ORDER BY id');
  assert.deepEqual(
    ids.map((r) => r.id),
    [-7, 1, 2, 3],
  );
  assert.deepEqual(await driver.query('SELECT thing, note FROM notes ORDER BY thing'), [
    { thing: -7, note: null },
    { thing: 1, note: 'inner' },
  ]);
}

const distributed = (await profilePlan()).find((p) => p.profile === 'distributed')!;

describe('the SQL driver', () => {
  test('on PGlite', async () => {
    const db = await PGlite.create();
    try {
      await exercise(pgliteDriver(db));
    } finally {
      await db.close();
    }
  });

  test('on PostgreSQL', { skip: distributed.skip }, async () => {
    const database = `civic_test_driver_${randomBytes(4).toString('hex')}`;
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
