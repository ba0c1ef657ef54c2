// Gives each service its own database: a schema named after the service in one shared PGlite
// (embedded), or the database `${DATABASE_PREFIX}<service>` on PostgreSQL (distributed).
// Migrations run before the service's driver is handed out.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Meter } from '@opentelemetry/api';
import pg from 'pg';
import type { PlatformConfig } from '../config.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { unreachableDependency } from '../dependency-error.ts';
import { failureKindOf } from '../failure-kind.ts';
import { runMigrations, type MigrationLogger } from './migrate.ts';
import { databaseUrl, ensureDatabase, pgPoolDriver } from './pg-driver.ts';
import { grantRuntimeRole } from './runtime-grants.ts';
import { pgliteDriver } from './pglite-driver.ts';
import { createPGlite } from './pglite-extensions.ts';
import type { SqlDriver } from './sql-driver.ts';

export interface ServiceDatabase {
  /** The service's one pool (PostgreSQL) or its schema in the shared PGlite. */
  driver: SqlDriver;
  close(): Promise<void>;
}

export interface OpenOptions {
  /**
   * Tables the service only ever reads and appends to. When the service runs as a role other than
   * its database's owner (DATABASE_OWNER_URL), that role gets no UPDATE, DELETE or TRUNCATE on them.
   */
  appendOnlyTables?: readonly string[];
}

export interface DatabaseProvider {
  open(service: string, migrationsDir: string, options?: OpenOptions): Promise<ServiceDatabase>;
  /** Resolves when every database opened so far (migrations applied) answers a query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** How long a request waits for a PostgreSQL connection before it fails (and answers 503). */
const CONNECT_TIMEOUT_MS = 5_000;

/** initdb grows PGlite's WASM memory, which never shrinks: a short-lived child process runs it instead. */
async function initdbInChildProcess(dir: string): Promise<void> {
  const pgliteUrl = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const script = `const { PGlite } = await import(${JSON.stringify(pgliteUrl)}); await (await PGlite.create(${JSON.stringify(dir)})).close();`;
  await new Promise<void>((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`PGlite initdb failed (exit ${code})`))));
  });
}

/** The file that says which process has the embedded database open (data-dir-lock.ts). */
export function embeddedLockFile(dataDir: string): string {
  return resolve(dataDir, 'pglite.lock');
}

/** One PGlite for the whole process; each service lives in its own schema. */
export function createEmbeddedDatabaseProvider(
  config: Pick<PlatformConfig, 'DATA_DIR'>,
  logger?: MigrationLogger,
  options: { inMemory?: boolean } = {},
): DatabaseProvider {
  let pglite: Promise<PGlite> | undefined;
  let releaseLock: (() => void) | undefined;
  const instance = () =>
    (pglite ??= (async () => {
      if (options.inMemory) return createPGlite();
      const dir = resolve(config.DATA_DIR, 'pglite');
      await mkdir(dir, { recursive: true });
      releaseLock = acquireDataDirLock(embeddedLockFile(config.DATA_DIR), dir);
      if (!existsSync(resolve(dir, 'PG_VERSION'))) await initdbInChildProcess(dir);
      return createPGlite(dir);
    })());
  return {
    async open(service, migrationsDir) {
      const db = await instance();
      const driver = pgliteDriver(db);
      await runMigrations(driver, { schema: service, migrationsDir, logger });
      return {
        driver,
        async close() {},
      };
    },
    async ping() {
      if (pglite) await (await pglite).query('SELECT 1');
    },
    async close() {
      if (pglite) await (await pglite).close();
      pglite = undefined;
      releaseLock?.();
      releaseLock = undefined;
    },
  };
}

/** What the PostgreSQL provider logs: migrations, and connections that fail while idle. */
export interface DatabaseLogger extends MigrationLogger {
  warn(obj: object, msg?: string): void;
}

/**
 * Database pool use, observed at scrape time (OpenTelemetry's db.client.connection.* names): each
 * pool's open connections by state (idle, used), its maximum, and the requests waiting for one.
 * Pools are named after their database.
 */
function observePools(meter: Meter, pools: Map<string, pg.Pool>): void {
  const count = meter.createObservableGauge('db.client.connection.count', { description: 'Open connections of each PostgreSQL pool, by state' });
  const max = meter.createObservableGauge('db.client.connection.max', { description: 'The most connections each PostgreSQL pool may open' });
  const pending = meter.createObservableGauge('db.client.connection.pending_requests', {
    description: 'Queries waiting for a connection of each PostgreSQL pool',
  });
  meter.addBatchObservableCallback(
    (observer) => {
      for (const [name, pool] of pools) {
        const pool_ = { 'db.client.connection.pool.name': name };
        observer.observe(count, pool.idleCount, { ...pool_, 'db.client.connection.state': 'idle' });
        observer.observe(count, pool.totalCount - pool.idleCount, { ...pool_, 'db.client.connection.state': 'used' });
        observer.observe(max, pool.options.max ?? 10, pool_);
        observer.observe(pending, pool.waitingCount, pool_);
      }
    },
    [count, max, pending],
  );
}

/**
 * Every service connection runs with PostgreSQL's JIT compiler off. The services' queries are short
 * index-driven reads and writes; JIT starts whenever a plan's estimated cost passes jit_above_cost,
 * and estimates under a LIMIT are often far off, so compiling can take ten times the run
 * (docs/benchmarks.md, "Citizen network").
 *
 * And no statement may outlive the gateway's 30 s wait for its answer, nor a transaction sit idle
 * holding its locks (SECURITY 32); infra/postgres-roles.ts sets the same on every role. Not on
 * PGlite: single-user WASM has no timer signals, so it accepts both settings but never fires them.
 */
export const SERVICE_TIMEOUTS = { statement_timeout: '5s', idle_in_transaction_session_timeout: '10s' } as const;

export const SESSION_OPTIONS = ['-c jit=off', ...Object.entries(SERVICE_TIMEOUTS).map(([name, value]) => `-c ${name}=${value}`)].join(' ');

export function createPostgresDatabaseProvider(
  config: Pick<PlatformConfig, 'DATABASE_URL' | 'DATABASE_PREFIX'> & Partial<Pick<PlatformConfig, 'DATABASE_OWNER_URL'>>,
  logger?: DatabaseLogger,
  options: { poolSize?: number; meter?: Meter } = {},
): DatabaseProvider {
  const serverUrl = config.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is required for the PostgreSQL database provider');
  const opened = new Set<ServiceDatabase>();
  const pools = new Map<string, pg.Pool>();
  if (options.meter) observePools(options.meter, pools);
  return {
    async open(service, migrationsDir, openOptions = {}) {
      const name = `${config.DATABASE_PREFIX}${service}`;
      // A runtime role may not create databases: infra/setup-distributed.ts made it, owned by the owner role.
      const adminUrl = config.DATABASE_OWNER_URL ?? serverUrl;
      await ensureDatabase(adminUrl, name).catch((error: unknown) => {
        const variable = config.DATABASE_OWNER_URL ? 'DATABASE_OWNER_URL' : 'DATABASE_URL';
        throw failureKindOf(error) === 'infrastructure' ? unreachableDependency(variable, 'PostgreSQL', adminUrl, error) : error;
      });
      const connectionString = databaseUrl(serverUrl, name);
      const pool = new pg.Pool({ connectionString, max: options.poolSize ?? 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, options: SESSION_OPTIONS });
      // An idle connection that PostgreSQL drops (a restart, an administrator's terminate) makes the
      // pool emit 'error'; unheard, that event would end the process. The pool discards the client
      // and opens a new one at the next query, so a warning is all it takes.
      const onIdleError = (error: Error) =>
        logger?.warn({ err: error, database: name }, 'a PostgreSQL connection failed while idle; it is replaced at the next query');
      pool.on('error', onIdleError);
      const driver = pgPoolDriver(pool);
      if (config.DATABASE_OWNER_URL) {
        // The owner migrates on a connection of its own, then lets the runtime role at the rows.
        const owner = pgPoolDriver(new pg.Pool({ connectionString: databaseUrl(config.DATABASE_OWNER_URL, name), max: 1 }));
        try {
          await runMigrations(owner, { schema: service, migrationsDir, logger });
          const role = decodeURIComponent(new URL(serverUrl).username);
          await grantRuntimeRole(owner, { database: name, schema: service, role, appendOnlyTables: openOptions.appendOnlyTables });
        } finally {
          await owner.close();
        }
      } else {
        await runMigrations(driver, { schema: service, migrationsDir, logger });
      }
      // Closing twice (the owner, then the provider at shutdown) ends the pool once.
      let closing: Promise<void> | undefined;
      pools.set(name, pool);
      const database: ServiceDatabase = {
        driver,
        close: () => (closing ??= (opened.delete(database), pools.delete(name), driver.close())),
      };
      opened.add(database);
      return database;
    },
    async ping() {
      await Promise.all([...opened].map((d) => d.driver.query('SELECT 1')));
    },
    async close() {
      await Promise.all([...opened].map((d) => d.close()));
    },
  };
}

export function createDatabaseProvider(config: PlatformConfig, logger?: DatabaseLogger, meter?: Meter): DatabaseProvider {
  return config.PROFILE === 'distributed'
    ? createPostgresDatabaseProvider(config, logger, { poolSize: config.DATABASE_POOL_SIZE, ...(meter ? { meter } : {}) })
    : createEmbeddedDatabaseProvider(config, logger);
}
