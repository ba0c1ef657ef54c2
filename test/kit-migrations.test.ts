// The kit owns its tables (services/kit/migrations): no service migration makes one, and a database
// migrated while every service held copies of them (the layout of OLD_LAYOUT_COMMIT) upgrades under
// the new runner without error, keeps its rows, and ends with the schema a fresh database gets, on
// PGlite and on PostgreSQL.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, describe, test } from 'node:test';
import pg from 'pg';
import {
  databaseUrl,
  dropDatabase,
  ensureDatabase,
  kitPartsOf,
  migrationStatus,
  pgliteDriver,
  pgPoolDriver,
  runMigrations,
  type SqlDriver,
} from '@civic/service-kit/db';
import { SERVICE_PROCESSES } from '../infra/services.ts';
import { LOCAL_INFRA, profilePlan, type Profile } from './support/infrastructure.ts';
import { schemaSnapshot } from './support/schema-snapshot.ts';
import { openPgliteCopy, type PgliteCopy } from './support/pglite-copy.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);
/** The last commit whose services' migrations held copies of the kit's tables. */
const OLD_LAYOUT_COMMIT = 'a57bd25befe6971268ed2739795f1c8de31862bf';
const KIT_TABLES = ['outbox', 'processed_events', 'dead_letters', 'deleted_users'];
const migrationsDirOf = (service: string) => join(ROOT, 'services', service, 'prisma', 'migrations');

const scratch = await mkdtemp(join(tmpdir(), 'civic-old-layout-'));
after(() => rm(scratch, { recursive: true, force: true }));
/** Why the old layout cannot be read (a clone without that history), or false. */
const noHistory = await run('git', ['archive', '--format=tar', '-o', join(scratch, 'old.tar'), OLD_LAYOUT_COMMIT, 'services'], { cwd: ROOT }).then(
  () => run('tar', ['-xf', join(scratch, 'old.tar'), '-C', scratch]).then(() => false as const),
  () => `commit ${OLD_LAYOUT_COMMIT} (the old migration layout) is not in this clone's history`,
);
const oldMigrationsDirOf = (service: string) => join(scratch, 'services', service, 'prisma', 'migrations');
type Runner = typeof runMigrations;
/** The runner of that commit, which knew no kit migrations. */
const oldRunner: Runner | null = noHistory
  ? null
  : ((await import(join(scratch, 'services/kit/src/db/migrate.ts'))) as { runMigrations: Runner }).runMigrations;

test('no service migration makes a kit table: the kit does', async () => {
  for (const { name } of SERVICE_PROCESSES) {
    for (const folder of await readdir(migrationsDirOf(name))) {
      const sql = await readFile(join(migrationsDirOf(name), folder, 'migration.sql'), 'utf8').catch(() => '');
      for (const table of KIT_TABLES) {
        const creates = new RegExp(`CREATE TABLE (IF NOT EXISTS )?"?${name}"?\\."?${table}"?\\s*\\(`, 'i');
        assert.doesNotMatch(sql, creates, `${name}/${folder} creates ${table}`);
      }
    }
  }
});

/** Functions that still insert the outbox rows their caller built (docs/sql-functions.md): to change. */
const STILL_WRITING_THE_OUTBOX = ['priorities/apply_vote'];

test('no SQL function writes a kit table, but those still listed', async () => {
  const writers: string[] = [];
  for (const { name } of SERVICE_PROCESSES) {
    const dir = join(ROOT, 'services', name, 'prisma', 'functions');
    for (const file of (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.sql'))) {
      const sql = (await readFile(join(dir, file), 'utf8')).replace(/--.*$/gm, '');
      const writes = new RegExp(`(INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+"?${name}"?\\."?(${KIT_TABLES.join('|')})\\b`, 'i');
      if (writes.test(sql)) writers.push(`${name}/${file.replace(/\.sql$/, '')}`);
    }
  }
  assert.deepEqual(writers.sort(), STILL_WRITING_THE_OUTBOX);
});

interface Databases {
  /** A database (PostgreSQL) or a schema of one (PGlite, as the embedded profile keeps them) for `service`. */
  open(service: string): Promise<SqlDriver>;
  close(): Promise<void>;
}

/** Embedded: one PGlite for every service; distributed: a database of its own for each. */
function databases(profile: Profile): Databases {
  if (profile === 'embedded') {
    let lite: Promise<PgliteCopy> | undefined;
    return {
      open: async () => pgliteDriver((await (lite ??= openPgliteCopy())).db),
      close: async () => (await lite)?.close(),
    };
  }
  const opened: { name: string; pool: pg.Pool }[] = [];
  return {
    async open(service) {
      const name = `civic_kitmig_${service}_${randomBytes(4).toString('hex')}`;
      await ensureDatabase(LOCAL_INFRA.DATABASE_URL, name);
      const pool = new pg.Pool({ connectionString: databaseUrl(LOCAL_INFRA.DATABASE_URL, name), max: 2 });
      pool.on('error', () => {});
      opened.push({ name, pool });
      return pgPoolDriver(pool);
    },
    async close() {
      for (const { name, pool } of opened) {
        await pool.end().catch(() => {});
        await dropDatabase(LOCAL_INFRA.DATABASE_URL, name);
      }
    },
  };
}

/** One row in each kit table the schema has, as a service would have written them. */
async function writeKitRows(driver: SqlDriver, schema: string, tombstone: boolean): Promise<void> {
  await driver.query(`INSERT INTO ${schema}.outbox (id, subject, version, payload) VALUES ($1, 'civic.test.thing.created', 1, '{"n":1}')`, [randomUUID()]);
  await driver.query(`INSERT INTO ${schema}.processed_events (consumer, event_id) VALUES ('test', $1)`, [randomUUID()]);
  await driver.query(`INSERT INTO ${schema}.dead_letters (consumer, subject, raw, error, deliveries) VALUES ('test', 'civic.test.x', 'x', 'bad', 3)`);
  if (tombstone) await driver.query(`INSERT INTO ${schema}.deleted_users (user_id, deleted_at) VALUES ($1, now())`, [randomUUID()]);
}

/** Every row of the kit tables the schema has, as text. */
async function kitRows(driver: SqlDriver, schema: string): Promise<string[]> {
  const rows: string[] = [];
  for (const table of KIT_TABLES) {
    const [present] = await driver.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [`${schema}.${table}`]);
    if (!present!.present) continue;
    const found = await driver.query<{ row: string }>(`SELECT t::text AS row FROM ${schema}.${table} t ORDER BY 1`);
    rows.push(...found.map((r) => `${table} ${r.row}`));
  }
  return rows;
}

const plans = await profilePlan();

for (const { profile, skip } of plans) {
  describe(`${profile}: a database migrated with the services' copies of the kit's tables`, () => {
    const old = databases(profile);
    const fresh = databases(profile);
    after(async () => {
      await old.close();
      await fresh.close();
    });
    for (const { name } of SERVICE_PROCESSES) {
      test(`${name}: upgrades with its rows, to the schema a fresh database gets`, { skip: skip || noHistory }, async () => {
        const driver = await old.open(name);
        await oldRunner!(driver, { schema: name, migrationsDir: oldMigrationsDirOf(name) });
        await writeKitRows(driver, name, kitPartsOf(migrationsDirOf(name)).includes('erasure'));
        const rows = await kitRows(driver, name);
        assert.ok(rows.length >= 3);

        await runMigrations(driver, { schema: name, migrationsDir: migrationsDirOf(name) });
        assert.deepEqual(await kitRows(driver, name), rows, 'every row is kept');
        const status = await migrationStatus(driver, { schema: name, migrationsDir: migrationsDirOf(name) });
        assert.deepEqual([status.pending, status.checksumMismatches, status.unknown, status.kit.pending], [[], [], [], []]);
        const adopted = await driver.query<{ logs: string }>(`SELECT logs FROM ${name}._kit_migrations WHERE logs LIKE 'adopted %'`);
        assert.ok(adopted.length >= 2, 'the copies of the outbox and the dead letters are named in the kit history');
        assert.deepEqual(await runMigrations(driver, { schema: name, migrationsDir: migrationsDirOf(name) }), [], 'a second start finds nothing to do');

        const freshDriver = await fresh.open(name);
        await runMigrations(freshDriver, { schema: name, migrationsDir: migrationsDirOf(name) });
        assert.deepEqual(await schemaSnapshot(driver, name), await schemaSnapshot(freshDriver, name));
      });
    }

    // The data path is the same SQL on both engines: once is enough.
    const partialSkip = profile === 'embedded' ? skip || noHistory : 'run on the embedded profile';
    test('ledger: one migrated before its tombstone was renamed keeps its tombstones', { skip: partialSkip }, async () => {
      const partial = databases(profile);
      try {
        const driver = await partial.open('ledger');
        const earlier = await mkdtemp(join(scratch, 'ledger-'));
        for (const folder of await readdir(oldMigrationsDirOf('ledger'))) {
          if (folder < '20261203000000') await cp(join(oldMigrationsDirOf('ledger'), folder), join(earlier, folder), { recursive: true });
        }
        await oldRunner!(driver, { schema: 'ledger', migrationsDir: earlier });
        const userId = randomUUID();
        await driver.query(`INSERT INTO ledger.erased_accounts (user_id, erased_at) VALUES ($1, '2026-12-01T00:00:00Z')`, [userId]);
        await runMigrations(driver, { schema: 'ledger', migrationsDir: migrationsDirOf('ledger') });
        assert.deepEqual(await driver.query('SELECT user_id FROM ledger.deleted_users'), [{ user_id: userId }]);
        const [gone] = await driver.query<{ present: boolean }>(`SELECT to_regclass('ledger.erased_accounts') IS NOT NULL AS present`);
        assert.equal(gone!.present, false);
      } finally {
        await partial.close();
      }
    });
  });
}
