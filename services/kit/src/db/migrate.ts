// Applies hand-written SQL migrations in Prisma's layout (prisma/migrations/<timestamp>_<name>/migration.sql)
// and records them in Prisma's own `_prisma_migrations` table, so Prisma's engine, where it is
// available, sees the same history. Hand-written SQL can say what schema.prisma cannot
// (CHECK constraints, partial unique indexes, triggers). See NOTES-ENV.md.
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
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

async function listMigrations(dir: string) {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

/** A stable 63-bit key for pg_advisory_xact_lock, one per schema. */
function lockKey(schema: string): bigint {
  return createHash('sha256').update(`migrate:${schema}`).digest().readBigInt64BE(0);
}

export async function runMigrations(
  driver: SqlDriver,
  options: { schema: string; migrationsDir: string; logger?: MigrationLogger },
): Promise<AppliedMigration[]> {
  const { schema, migrationsDir, logger } = options;
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Unsafe schema name: ${schema}`);
  const migrations = await listMigrations(migrationsDir);
  const table = `"${schema}"."_prisma_migrations"`;

  return driver.transaction(async (tx) => {
    // A migration may rewrite a large table, and a replica waits here for another's migrations: the
    // service's statement bound (SERVICE_TIMEOUTS) is lifted for this transaction only.
    await tx.exec('SET LOCAL statement_timeout = 0');
    // One starter migrates; replicas starting at the same time wait here and then find nothing to do.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [lockKey(schema).toString()]);
    await tx.exec(`CREATE SCHEMA IF NOT EXISTS "${schema}";
      CREATE TABLE IF NOT EXISTS ${table} (
        id                  VARCHAR(36) PRIMARY KEY NOT NULL,
        checksum            VARCHAR(64) NOT NULL,
        finished_at         TIMESTAMPTZ,
        migration_name      VARCHAR(255) NOT NULL,
        logs                TEXT,
        rolled_back_at      TIMESTAMPTZ,
        started_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
        applied_steps_count INTEGER NOT NULL DEFAULT 0
      );`);
    const applied = await tx.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM ${table} WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL`,
    );
    const appliedByName = new Map(applied.map((row) => [row.migration_name, row.checksum]));
    const done: AppliedMigration[] = [];
    for (const migration of migrations) {
      const previous = appliedByName.get(migration.name);
      if (previous !== undefined) {
        if (previous !== migration.checksum) {
          throw new MigrationChecksumError(`Migration ${schema}/${migration.name} was edited after it was applied (checksum differs)`);
        }
        continue;
      }
      await tx.exec(migration.sql);
      await tx.query(`INSERT INTO ${table} (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`, [
        randomUUID(),
        migration.checksum,
        migration.name,
      ]);
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
}

/** What runMigrations would find, without changing anything (a database never migrated has every migration pending). */
export async function migrationStatus(driver: SqlDriver, options: { schema: string; migrationsDir: string }): Promise<MigrationStatus> {
  const { schema, migrationsDir } = options;
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Unsafe schema name: ${schema}`);
  const migrations = await listMigrations(migrationsDir);
  const [present] = await driver.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [`"${schema}"._prisma_migrations`]);
  const applied = present?.present
    ? await driver.query<{ migration_name: string; checksum: string }>(
        `SELECT migration_name, checksum FROM "${schema}"."_prisma_migrations" WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL ORDER BY migration_name`,
      )
    : [];
  const appliedByName = new Map(applied.map((row) => [row.migration_name, row.checksum]));
  const files = new Set(migrations.map((m) => m.name));
  const status: MigrationStatus = { schema, applied: [], pending: [], checksumMismatches: [], unknown: [] };
  for (const migration of migrations) {
    const previous = appliedByName.get(migration.name);
    if (previous === undefined) status.pending.push(migration.name);
    else if (previous !== migration.checksum) status.checksumMismatches.push(migration.name);
    else status.applied.push(migration.name);
  }
  for (const name of appliedByName.keys()) if (!files.has(name)) status.unknown.push(name);
  return status;
}
