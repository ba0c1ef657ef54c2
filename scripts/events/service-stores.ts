// Opens the dead-letter store of every service for the operator commands (events:dead-letters,
// events:replay), on the profile the environment names: PostgreSQL's `${DATABASE_PREFIX}<service>`
// databases (distributed), or the embedded PGlite under DATA_DIR, which only one process may open:
// with `npm start` running, the command says so and stops.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { acquireDataDirLock, databaseUrl, DataDirInUseError, embeddedLockFile, pgliteDriver, pgPoolDriver } from '@civic/service-kit/db';
import type { SqlDriver } from '@civic/service-kit/db';
import { SERVICE_PROCESSES } from '../../infra/services.ts';

export interface ServiceStore {
  service: string;
  db: SqlDriver;
}

export interface ServiceStores {
  profile: 'embedded' | 'distributed';
  stores: ServiceStore[];
  close(): Promise<void>;
}

export class OperatorError extends Error {}

async function hasDeadLetterTable(db: SqlDriver, schema: string): Promise<boolean> {
  const rows = await db.query<{ present: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS present`, [`${schema}.dead_letters`]);
  return rows[0]?.present === true;
}

async function openDistributed(env: NodeJS.ProcessEnv): Promise<ServiceStores> {
  const server = env.DATABASE_URL;
  if (!server) throw new OperatorError('PROFILE=distributed needs DATABASE_URL (the PostgreSQL server of the services).');
  const prefix = env.DATABASE_PREFIX ?? 'civic_';
  const pools: pg.Pool[] = [];
  const stores: ServiceStore[] = [];
  for (const { name } of SERVICE_PROCESSES) {
    const pool = new pg.Pool({ connectionString: databaseUrl(server, `${prefix}${name}`), max: 1 });
    pool.on('error', () => {});
    pools.push(pool);
    const db = pgPoolDriver(pool);
    try {
      if (await hasDeadLetterTable(db, name)) stores.push({ service: name, db });
    } catch (error) {
      // A service whose database does not exist yet has no letters.
      if ((error as { code?: string }).code !== '3D000') throw error;
    }
  }
  return { profile: 'distributed', stores, close: async () => void (await Promise.all(pools.map((p) => p.end()))) };
}

async function openEmbedded(env: NodeJS.ProcessEnv): Promise<ServiceStores> {
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const dir = resolve(dataDir, 'pglite');
  if (!existsSync(resolve(dir, 'PG_VERSION'))) return { profile: 'embedded', stores: [], close: async () => {} };
  let release: () => void;
  try {
    release = acquireDataDirLock(embeddedLockFile(dataDir), dir);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      throw new OperatorError(
        `${error.message}\nThe embedded profile keeps its database in the server's process: stop npm start, run this, and start it again (it replays what was asked for when it starts).`,
      );
    }
    throw error;
  }
  const lite = await PGlite.create(dir);
  const db = pgliteDriver(lite);
  const stores: ServiceStore[] = [];
  for (const { name } of SERVICE_PROCESSES) if (await hasDeadLetterTable(db, name)) stores.push({ service: name, db });
  return {
    profile: 'embedded',
    stores,
    async close() {
      await lite.close();
      release();
    },
  };
}

export function openServiceStores(env: NodeJS.ProcessEnv = process.env): Promise<ServiceStores> {
  const profile = env.PROFILE ?? 'embedded';
  if (profile === 'distributed') return openDistributed(env);
  if (profile === 'embedded') return openEmbedded(env);
  throw new OperatorError(`PROFILE must be embedded or distributed, got ${profile}.`);
}

/** Runs an operator command: an OperatorError is a message and exit code 2, not a stack. */
export async function runOperatorCommand(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (error instanceof OperatorError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}
