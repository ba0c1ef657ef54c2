// The migration runner on PGlite and on PostgreSQL: applies in order, once, records Prisma's
// _prisma_migrations rows, refuses an edited migration, and serialises concurrent starters; the
// kit's migrations run first, and a database migrated with services' copies of them upgrades.
import assert from 'node:assert/strict';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { KIT_PARTS_FILE, kitMigrations } from '../../src/db/kit-migrations.ts';
import { migrationStatus, runMigrations, MigrationChecksumError } from '../../src/db/migrate.ts';
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

describe("the kit's migrations", () => {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

  test('run first, in their own history; a service names the parts it uses', async () => {
    const db = await PGlite.create();
    try {
      const driver = pgliteDriver(db);
      // A service migration may write the kit's tables: they are there before it runs.
      const dir = await migrationsDir({ '20260101000000_init': "INSERT INTO shop.deleted_users VALUES ('00000000-0000-4000-8000-000000000001', now());" });
      await runMigrations(driver, { schema: 'shop', migrationsDir: dir });
      const kit = await driver.query<{ migration_name: string }>('SELECT migration_name FROM shop._kit_migrations ORDER BY started_at, migration_name');
      assert.deepEqual(
        kit.map((r) => r.migration_name).sort(),
        kitMigrations()
          .map((m) => m.name)
          .sort(),
      );
      const status = await migrationStatus(driver, { schema: 'shop', migrationsDir: dir });
      assert.deepEqual([status.applied, status.kit.pending, status.kit.applied.length], [['20260101000000_init'], [], kit.length]);

      const eventsOnly = await migrationsDir({ '20260101000000_init': 'SELECT 1;' });
      await writeFile(join(eventsOnly, KIT_PARTS_FILE), JSON.stringify({ parts: ['events'] }));
      await runMigrations(driver, { schema: 'bare', migrationsDir: eventsOnly });
      const tables = await driver.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'bare' AND table_name NOT LIKE '\\_%' ORDER BY 1",
      );
      assert.deepEqual(
        tables.map((t) => t.table_name),
        ['dead_letters', 'outbox', 'processed_events'],
      );
      await rm(dir, { recursive: true });
      await rm(eventsOnly, { recursive: true });
    } finally {
      await db.close();
    }
  });

  test("a service's copy of a kit table moves to the kit's history; an earlier text listed beside a migration is accepted", async () => {
    const db = await PGlite.create();
    try {
      const driver = pgliteDriver(db);
      const copy = 'CREATE TABLE IF NOT EXISTS old.outbox (id uuid PRIMARY KEY);';
      const first = 'CREATE TABLE old.things (id int); CREATE TABLE old.deleted_users (user_id uuid PRIMARY KEY, deleted_at timestamptz(3) NOT NULL);';
      // As the runner before the kit's migrations left it: the copies in _prisma_migrations alone.
      await driver.exec(`CREATE SCHEMA old; CREATE TABLE old._prisma_migrations (id varchar(36) PRIMARY KEY, checksum varchar(64) NOT NULL,
        finished_at timestamptz, migration_name varchar(255) NOT NULL, logs text, rolled_back_at timestamptz,
        started_at timestamptz NOT NULL DEFAULT now(), applied_steps_count int NOT NULL DEFAULT 0); ${first}`);
      for (const [name, sql] of [
        ['20250101000000_init', first],
        ['20250101000100_outbox', copy],
      ] as const) {
        await driver.query('INSERT INTO old._prisma_migrations (id, checksum, finished_at, migration_name) VALUES ($1, $2, now(), $3)', [
          randomUUID(),
          sha256(sql),
          name,
        ]);
      }
      const now = 'CREATE TABLE old.things (id int);';
      const dir = await migrationsDir({ '20250101000000_init': now });
      assert.equal((await migrationStatus(driver, { schema: 'old', migrationsDir: dir })).checksumMismatches.length, 1, 'not listed: an edit');
      await assert.rejects(runMigrations(driver, { schema: 'old', migrationsDir: dir }), MigrationChecksumError);

      await writeFile(join(dir, '20250101000000_init', 'earlier-checksums.txt'), `${sha256(first)} made deleted_users\n`);
      const before = await migrationStatus(driver, { schema: 'old', migrationsDir: dir });
      assert.deepEqual([before.applied, before.checksumMismatches, before.unknown], [['20250101000000_init'], [], []]);
      assert.deepEqual(await runMigrations(driver, { schema: 'old', migrationsDir: dir }), []);
      const history = await driver.query<{ migration_name: string; checksum: string }>('SELECT migration_name, checksum FROM old._prisma_migrations');
      assert.deepEqual(history, [{ migration_name: '20250101000000_init', checksum: sha256(now) }]);
      const [adopted] = await driver.query<{ logs: string }>("SELECT logs FROM old._kit_migrations WHERE migration_name = 'events/20261220000000_outbox'");
      assert.equal(adopted!.logs, `adopted 20250101000100_outbox (checksum ${sha256(copy)})`);
      await rm(dir, { recursive: true });
    } finally {
      await db.close();
    }
  });
});
