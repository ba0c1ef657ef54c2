// `npm run migrate [-- --service a,b]`: applies every service's migrations of this release, with the
// runner the services use at start (services/kit/src/db/migrate.ts: one transaction per service under
// its advisory lock, checksums of what was applied). Run it before starting a release whose
// migrations must be in place first; a service starting later finds nothing to do.
// `npm run migrate:status [-- --service a,b] [-- --json]`: per service, what is applied, pending,
// edited since it was applied (a checksum mismatch: the service refuses to start) or unknown to this
// release (the database is ahead of the code). Exits 1 on a mismatch or an unknown migration.
//
// Distributed: DATABASE_URL is the server's administrator (as for setup:distributed) and
// DATABASE_PREFIX names the databases; a migration runs as the database's owner role (SET ROLE), so
// what it creates belongs to that role as when the service migrates at start. A database that does not
// exist yet is created (migrate) or reported with everything pending (status). Embedded: the PGlite
// under DATA_DIR, which only one process may open (stop npm start first).
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  acquireDataDirLock,
  createPGlite,
  DataDirInUseError,
  databaseUrl,
  embeddedLockFile,
  ensureDatabase,
  MigrationChecksumError,
  migrationStatus,
  type MigrationStatus,
  pgliteDriver,
  pgPoolDriver,
  runMigrations,
  type SqlDriver,
} from '@civic/service-kit/db';
import { OperatorError, runOperatorCommand } from '../events/service-stores.ts';
import { databaseOwner, distributedTarget, migrationsDirOf, profileOf, selectServices, withDatabase } from './operator-databases.ts';

type Work = (service: string, driver: SqlDriver | null) => Promise<void>;

/** Runs `work` per service with a driver on its database (null: the database does not exist and `create` is false). */
async function forEachDistributed(env: NodeJS.ProcessEnv, services: string[], create: boolean, work: Work): Promise<void> {
  const { serverUrl, prefix } = distributedTarget(env);
  for (const service of services) {
    const database = `${prefix}${service}`;
    if (create) await ensureDatabase(serverUrl, database);
    const owner = await withDatabase(serverUrl, database, databaseOwner);
    if (!owner) {
      await work(service, null);
      continue;
    }
    const pool = new pg.Pool({ connectionString: databaseUrl(serverUrl, database), max: 1 });
    pool.on('error', () => {});
    // Objects a migration creates belong to the database's owner, as when the service migrates at start.
    if (owner.other) pool.on('connect', (client) => void client.query(`SET ROLE ${pg.escapeIdentifier(owner.owner)}`).catch(() => {}));
    const driver = pgPoolDriver(pool);
    try {
      await work(service, driver);
    } finally {
      await driver.close();
    }
  }
}

async function forEachEmbedded(env: NodeJS.ProcessEnv, services: string[], create: boolean, work: Work): Promise<void> {
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const dir = resolve(dataDir, 'pglite');
  if (!create && !existsSync(resolve(dir, 'PG_VERSION'))) {
    for (const service of services) await work(service, null);
    return;
  }
  await mkdir(dataDir, { recursive: true });
  let release: () => void;
  try {
    release = acquireDataDirLock(embeddedLockFile(dataDir), dir);
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new OperatorError(`${error.message}\nStop npm start, run this, and start it again.`);
    throw error;
  }
  try {
    const lite = await createPGlite(dir);
    try {
      for (const service of services) await work(service, pgliteDriver(lite));
    } finally {
      await lite.close();
    }
  } finally {
    release();
  }
}

/** Stands for a database that does not exist: no migrations tables, so every migration is pending. */
const emptyDriver: SqlDriver = {
  exec: async () => {},
  query: async <T>() => [{ present: false }] as T[],
  execute: async () => 0,
  transaction: async (fn) => fn(emptyDriver),
  close: async () => {},
};

function describe(status: MigrationStatus): string {
  const lines = [`${status.schema}: ${status.applied.length} applied, ${status.pending.length} pending`];
  for (const name of status.pending) lines.push(`  pending   ${name}`);
  for (const name of status.kit.pending) lines.push(`  pending   ${name} (the kit's, applied before the service's)`);
  for (const name of status.checksumMismatches) lines.push(`  CHECKSUM MISMATCH  ${name} (edited after it was applied: the service will not start)`);
  for (const name of status.unknown) lines.push(`  UNKNOWN   ${name} (applied, but not in this release: the database is ahead of this code)`);
  return lines.join('\n');
}

await runOperatorCommand(async () => {
  const { values } = parseArgs({
    options: { status: { type: 'boolean', default: false }, json: { type: 'boolean', default: false }, service: { type: 'string' } },
  });
  const env = process.env;
  const profile = profileOf(env);
  const services = selectServices(values.service);
  const forEach = profile === 'distributed' ? forEachDistributed : forEachEmbedded;

  if (values.status) {
    const statuses: MigrationStatus[] = [];
    await forEach(env, services, false, async (service, driver) => {
      const migrationsDir = migrationsDirOf(service);
      statuses.push(
        driver ? await migrationStatus(driver, { schema: service, migrationsDir }) : await migrationStatus(emptyDriver, { schema: service, migrationsDir }),
      );
    });
    if (values.json) console.log(JSON.stringify({ profile, services: statuses }, null, 2));
    else for (const status of statuses) console.log(describe(status));
    if (statuses.some((s) => s.checksumMismatches.length > 0 || s.unknown.length > 0)) process.exitCode = 1;
    return;
  }

  await forEach(env, services, true, async (service, driver) => {
    if (!driver) throw new OperatorError(`The ${service} database could not be opened.`);
    const applied = await runMigrations(driver, { schema: service, migrationsDir: migrationsDirOf(service) }).catch((error: unknown) => {
      if (error instanceof MigrationChecksumError) {
        throw new OperatorError(
          `${error.message}. Nothing of ${service} was changed: restore the file as it was applied, or see docs/operations.md "Upgrades".`,
        );
      }
      throw error;
    });
    console.log(`${service}: ${applied.length === 0 ? 'up to date' : `applied ${applied.map((m) => m.name).join(', ')}`}`);
  });
});
