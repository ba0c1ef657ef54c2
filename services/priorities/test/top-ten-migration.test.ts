// The top_ten_entries migration (issue 22) on PGlite: a database that already had priorities gets the
// baseline marker (the top-ten job's first run records the top 10 it sees without events: no mail to
// every author of the existing top 10 at deployment); one with only removed priorities does not (its
// first entries are news). The job's use of the marker: top-ten-entries.test.ts.
import assert from 'node:assert/strict';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { createPGlite, pgliteDriver, runMigrations, type SqlDriver } from '@civic/service-kit/db';
import { MIGRATIONS_DIR } from '../src/app.ts';

const TOP_TEN_MIGRATION = '20261207000000_top_ten_entries';

/** Migrates a new database to just before the top-ten migration, runs `prepare`, then migrates the rest; the marker rows. */
async function markerAfterUpgrade(prepare: (driver: SqlDriver) => Promise<unknown>): Promise<number> {
  const earlier = await mkdtemp(join(tmpdir(), 'priorities-migrations-'));
  const db = await createPGlite();
  try {
    for (const name of await readdir(MIGRATIONS_DIR)) {
      if (name < TOP_TEN_MIGRATION) await cp(join(MIGRATIONS_DIR, name), join(earlier, name), { recursive: true });
    }
    const driver = pgliteDriver(db);
    await runMigrations(driver, { schema: 'priorities', migrationsDir: earlier });
    await prepare(driver);
    await runMigrations(driver, { schema: 'priorities', migrationsDir: MIGRATIONS_DIR });
    const [row] = await driver.query<{ n: number }>('SELECT count(*)::int AS n FROM priorities.top_ten_baseline');
    return Number(row!.n);
  } finally {
    await db.close();
    await rm(earlier, { recursive: true, force: true });
  }
}

const insertPriority = (driver: SqlDriver, active: boolean) =>
  driver.query(
    `INSERT INTO priorities.priorities (id, title, description, created_at, endorsements, is_active)
     VALUES (gen_random_uuid(), 'Already ranked before notices', 'A priority from before issue 22', now(), 50, $1)`,
    [active],
  );

describe('top_ten_entries migration', () => {
  test('a database with active priorities gets the baseline marker', async () => {
    assert.equal(await markerAfterUpgrade((driver) => insertPriority(driver, true)), 1);
  });
  // A new database (no priorities) gets none either: top-ten-entries.test.ts sees its first entries announced.
  test('a database with only removed priorities does not', async () => {
    assert.equal(await markerAfterUpgrade((driver) => insertPriority(driver, false)), 0);
  });
});
