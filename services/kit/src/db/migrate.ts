// Applies hand-written SQL migrations in Prisma's layout (prisma/migrations/<timestamp>_<name>/migration.sql)
// and records them in Prisma's own `_prisma_migrations` table, so Prisma's engine, where it is
// available, sees the same history. Hand-written SQL can say what schema.prisma cannot
// (CHECK constraints, partial unique indexes, triggers). See NOTES-ENV.md.
// The kit's migrations (kit-migrations.ts) run first, in the same transaction, recorded in
// `_kit_migrations`; they are written to find their tables already there in databases migrated
// while services held copies of them.
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { kitMigrations, kitMigrationSql, kitPartsOf, SUPERSEDED_COPIES, type KitMigration } from './kit-migrations.ts';
import type { SqlDriver } from './sql-driver.ts';

export interface MigrationLogger {
  info(obj: object, msg?: string): void;
}

export interface AppliedMigration {
  name: string;
  checksum: string;
}

export class MigrationChecksumError extends Error {
  override name = 'MigrationChecksumError';
}

/**
 * A migration folder may hold earlier-checksums.txt: checksums (one a line, a comment after it) of
 * earlier texts of its file that left a database in the same state once the kit's migrations ran
 * (Liquibase's validCheckSum). The runner then records the current checksum.
 */
const EARLIER_CHECKSUMS_FILE = 'earlier-checksums.txt';

async function earlierChecksums(dir: string): Promise<Set<string>> {
  const text = await readFile(join(dir, EARLIER_CHECKSUMS_FILE), 'utf8').catch(() => '');
  return new Set(text.split('\n').flatMap((line) => line.match(/^[0-9a-f]{64}\b/) ?? []));
}

async function listMigrations(dir: string) {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex'), earlier: await earlierChecksums(join(dir, name)) };
    }),
  );
}

/** A stable 63-bit key for pg_advisory_xact_lock, one per schema. */
function lockKey(schema: string): bigint {
  return createHash('sha256').update(`migrate:${schema}`).digest().readBigInt64BE(0);
}

const historyTableSql = (table: string) => `CREATE TABLE IF NOT EXISTS ${table} (
        id                  VARCHAR(36) PRIMARY KEY NOT NULL,
        checksum            VARCHAR(64) NOT NULL,
        finished_at         TIMESTAMPTZ,
        migration_name      VARCHAR(255) NOT NULL,
        logs                TEXT,
        rolled_back_at      TIMESTAMPTZ,
        started_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
        applied_steps_count INTEGER NOT NULL DEFAULT 0
      );`;

async function appliedIn(driver: SqlDriver, table: string): Promise<Map<string, string>> {
  const rows = await driver.query<{ migration_name: string; checksum: string }>(
    `SELECT migration_name, checksum FROM ${table} WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL ORDER BY migration_name`,
  );
  return new Map(rows.map((row) => [row.migration_name, row.checksum]));
}

async function record(tx: SqlDriver, table: string, name: string, checksum: string): Promise<void> {
  await tx.query(`INSERT INTO ${table} (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`, [
    randomUUID(),
    checksum,
    name,
  ]);
}

/** The kit migration whose copy an applied service migration without a file was, if any. */
function supersedingKitMigration(name: string, kit: readonly KitMigration[]): KitMigration | undefined {
  return kit.find((migration) => SUPERSEDED_COPIES[migration.name]?.test(name));
}

function checkSchema(schema: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Unsafe schema name: ${schema}`);
}

/**
 * Applies the kit's migrations (the parts kitPartsOf(migrationsDir) names), then the service's, in one
 * transaction. Returns the service's migrations it applied; the kit's are logged.
 */
export async function runMigrations(
  driver: SqlDriver,
  options: { schema: string; migrationsDir: string; logger?: MigrationLogger },
): Promise<AppliedMigration[]> {
  const { schema, migrationsDir, logger } = options;
  checkSchema(schema);
  const migrations = await listMigrations(migrationsDir);
  const kit = kitMigrations(kitPartsOf(migrationsDir));
  const table = `"${schema}"."_prisma_migrations"`;
  const kitTable = `"${schema}"."_kit_migrations"`;

  return driver.transaction(async (tx) => {
    // A migration may rewrite a large table, and a replica waits here for another's migrations: the
    // service's statement bound (SERVICE_TIMEOUTS) is lifted for this transaction only.
    await tx.exec('SET LOCAL statement_timeout = 0');
    // One starter migrates; replicas starting at the same time wait here and then find nothing to do.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [lockKey(schema).toString()]);
    await tx.exec(`CREATE SCHEMA IF NOT EXISTS "${schema}"; ${historyTableSql(table)} ${historyTableSql(kitTable)}`);

    const kitApplied = await appliedIn(tx, kitTable);
    for (const migration of kit) {
      const previous = kitApplied.get(migration.name);
      if (previous !== undefined) {
        if (previous !== migration.checksum) {
          throw new MigrationChecksumError(`Kit migration ${schema}/${migration.name} was edited after it was applied (checksum differs)`);
        }
        continue;
      }
      await tx.exec(kitMigrationSql(migration, schema));
      await record(tx, kitTable, migration.name, migration.checksum);
      logger?.info({ schema, migration: `kit/${migration.name}` }, 'migration applied');
    }

    const appliedByName = await appliedIn(tx, table);
    const files = new Set(migrations.map((m) => m.name));
    for (const [name, checksum] of appliedByName) {
      const kitMigration = files.has(name) ? undefined : supersedingKitMigration(name, kit);
      if (!kitMigration) continue;
      // A copy of the kit's tables applied before the kit owned them: its history moves to the kit's.
      await tx.query(`DELETE FROM ${table} WHERE migration_name = $1`, [name]);
      await tx.query(`UPDATE ${kitTable} SET logs = concat_ws(E'\\n', logs, $2::text) WHERE migration_name = $1`, [
        kitMigration.name,
        `adopted ${name} (checksum ${checksum})`,
      ]);
      logger?.info({ schema, migration: name, kitMigration: kitMigration.name }, 'migration adopted by the kit');
    }

    const done: AppliedMigration[] = [];
    for (const migration of migrations) {
      const previous = appliedByName.get(migration.name);
      if (previous !== undefined) {
        if (previous === migration.checksum) continue;
        if (!migration.earlier.has(previous)) {
          throw new MigrationChecksumError(`Migration ${schema}/${migration.name} was edited after it was applied (checksum differs)`);
        }
        await tx.query(`UPDATE ${table} SET checksum = $2 WHERE migration_name = $1`, [migration.name, migration.checksum]);
        logger?.info({ schema, migration: migration.name }, 'migration checksum updated to its current text');
        continue;
      }
      await tx.exec(migration.sql);
      await record(tx, table, migration.name, migration.checksum);
      logger?.info({ schema, migration: migration.name }, 'migration applied');
      done.push({ name: migration.name, checksum: migration.checksum });
    }
    return done;
  });
}

export interface MigrationStatus {
  schema: string;
  /** Applied, and the file still says what was applied. */
  applied: string[];
  /** In the release's migrations folder, not applied yet: the next start (or `npm run migrate`) applies them. */
  pending: string[];
  /** Applied, but the file was edited since: the service refuses to start until that is resolved. */
  checksumMismatches: string[];
  /** Applied, but no such file in this release: the database is ahead of this code (a downgrade). */
  unknown: string[];
  /** The kit's migrations (`kit/<part>/<name>`), applied and pending; mismatches and unknown ones are in the lists above. */
  kit: { applied: string[]; pending: string[] };
}

/** What runMigrations would find, without changing anything (a database never migrated has every migration pending). */
export async function migrationStatus(driver: SqlDriver, options: { schema: string; migrationsDir: string }): Promise<MigrationStatus> {
  const { schema, migrationsDir } = options;
  checkSchema(schema);
  const migrations = await listMigrations(migrationsDir);
  const kit = kitMigrations(kitPartsOf(migrationsDir));
  const history = async (table: string) => {
    const [present] = await driver.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [`"${schema}".${table}`]);
    return present?.present ? appliedIn(driver, `"${schema}".${table}`) : new Map<string, string>();
  };
  const appliedByName = await history('_prisma_migrations');
  const kitApplied = await history('_kit_migrations');
  const files = new Set(migrations.map((m) => m.name));
  const status: MigrationStatus = { schema, applied: [], pending: [], checksumMismatches: [], unknown: [], kit: { applied: [], pending: [] } };
  for (const migration of kit) {
    const previous = kitApplied.get(migration.name);
    if (previous === undefined) status.kit.pending.push(`kit/${migration.name}`);
    else if (previous !== migration.checksum) status.checksumMismatches.push(`kit/${migration.name}`);
    else status.kit.applied.push(`kit/${migration.name}`);
  }
  const kitNames = new Set(kit.map((m) => m.name));
  for (const name of kitApplied.keys()) if (!kitNames.has(name)) status.unknown.push(`kit/${name}`);
  for (const migration of migrations) {
    const previous = appliedByName.get(migration.name);
    if (previous === undefined) status.pending.push(migration.name);
    else if (previous !== migration.checksum && !migration.earlier.has(previous)) status.checksumMismatches.push(migration.name);
    else status.applied.push(migration.name);
  }
  // A copy of a kit migration is taken over by the kit at the next migrate, not unknown.
  for (const name of appliedByName.keys()) if (!files.has(name) && !supersedingKitMigration(name, kit)) status.unknown.push(name);
  return status;
}
