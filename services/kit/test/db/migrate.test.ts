// The migration runner on PGlite and on PostgreSQL: applies in order, once, records Prisma's
// _prisma_migrations rows, refuses an edited migration, and serialises concurrent starters.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { runMigrations, MigrationChecksumError } from '../../src/db/migrate.ts';
import { databaseUrl, dropDatabase, ensureDatabase, pgPoolDriver } from '../../src/db/pg-driver.ts';
import { pgliteDriver } from '../../src/db/pglite-driver.ts';
import type { SqlDriver } from '../../src/db/sql-driver.ts';
import { LOCAL_INFRA, profilePlan } from '../../../../test/support/infrastructure.ts';

async function migrationsDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'civic-migrations-'));
  for (const [name, sql] of Object.entries(files)) {
    await mkdir(join(dir, name));
    await writeFile(join(dir, name, 'migration.sql'), sql);
  }
  return dir;
}

const FIRST = { '20260101000000_init': 'CREATE TABLE demo.things (id int PRIMARY KEY); INSERT INTO demo.things VALUES (1);' };
const SECOND = { ...FIRST, '20260102000000_more': 'ALTER TABLE demo.things ADD COLUMN name text;' };

async function exercise(open: () => Promise<{ driver: SqlDriver; close(): Promise<void> }>) {
  const { driver, close } = await open();
  try {
    const dir1 = await migrationsDir(FIRST);
    assert.deepEqual(
      (await runMigrations(driver, { schema: 'demo', migrationsDir: dir1 })).map((m) => m.name),
      ['20260101000000_init'],
    );
    assert.deepEqual(await runMigrations(driver, { schema: 'demo', migrationsDir: dir1 }), [], 'applied once');
    const dir2 = await migrationsDir(SECOND);
    assert.deepEqual(
      (await runMigrations(driver, { schema: 'demo', migrationsDir: dir2 })).map((m) => m.name),
      ['20260102000000_more'],
    );
    const rows = await driver.query<{ migration_name: string; checksum: string; finished_at: Date }>(
      'SELECT migration_name, checksum, finished_at FROM demo._prisma_migrations ORDER BY migration_name',
    );
    assert.equal(rows.length, 2);
    assert.match(rows[0]!.checksum, /^[0-9a-f]{64}$/);
    assert.ok(rows.every((r) => r.finished_at));
    const edited = await migrationsDir({ ...SECOND, '20260101000000_init': `${FIRST['20260101000000_init']} -- edited` });
    await assert.rejects(runMigrations(driver, { schema: 'demo', migrationsDir: edited }), MigrationChecksumError);
    const broken = await migrationsDir({ ...SECOND, '20260103000000_broken': 'ALTER TABLE demo.things ADD COLUMN x int; SELECT nonsense;' });
    await assert.rejects(runMigrations(driver, { schema: 'demo', migrationsDir: broken }));
    const columns = await driver.query("SELECT column_name FROM information_schema.columns WHERE table_schema = 'demo' AND column_name = 'x'");
    assert.equal(columns.length, 0, 'a failed migration leaves nothing behind');
    for (const dir of [dir1, dir2, edited, broken]) await rm(dir, { recursive: true });
  } finally {
    await close();
  }
}

const distributed = (await profilePlan()).find((p) => p.profile === 'distributed')!;

describe('migration runner', () => {
  test('on PGlite', async () => {
    await exercise(async () => {
      const db = await PGlite.create();
      return { driver: pgliteDriver(db), close: () => db.close() };
    });
  });

  const database = `civic_test_migrate_${randomBytes(4).toString('hex')}`;
  after(async () => {
    if (!distributed.skip) await dropDatabase(LOCAL_INFRA.DATABASE_URL, database);
  });

  test('on PostgreSQL, with concurrent starters', { skip: distributed.skip }, async () => {
    await ensureDatabase(LOCAL_INFRA.DATABASE_URL, database);
    const url = databaseUrl(LOCAL_INFRA.DATABASE_URL, database);
    await exercise(async () => {
      const pool = new pg.Pool({ connectionString: url, max: 4 });
      return { driver: pgPoolDriver(pool), close: () => pool.end() };
    });
    // Replicas starting together: one applies, the others wait on the advisory lock and find nothing.
    const dir = await migrationsDir({ '20260201000000_race': 'CREATE TABLE race.t (id int); INSERT INTO race.t VALUES (1);' });
    const pools = [1, 2, 3].map(() => new pg.Pool({ connectionString: url, max: 2 }));
    const results = await Promise.all(pools.map((p) => runMigrations(pgPoolDriver(p), { schema: 'race', migrationsDir: dir })));
    assert.equal(results.flat().length, 1);
    const count = await pools[0]!.query('SELECT count(*)::int AS n FROM race.t');
    assert.equal(count.rows[0].n, 1);
    await Promise.all(pools.map((p) => p.end()));
    await rm(dir, { recursive: true });
  });
});
