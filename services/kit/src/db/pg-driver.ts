import pg from 'pg';
import { chainInTransaction, type SqlDriver, type SqlStatement } from './sql-driver.ts';

function clientDriver(client: pg.PoolClient | pg.Client): SqlDriver {
  return {
    async exec(sql) {
      await client.query(sql);
    },
    async query<T>(sql: string, params: unknown[] = [], name?: string) {
      return (await client.query(name ? { name, text: sql, values: params } : { text: sql, values: params })).rows as T[];
    },
    chain(first, then) {
      return chainInTransaction(clientDriver(client), first, then);
    },
    async transaction(fn) {
      return fn(clientDriver(client));
    },
    async close() {},
  };
}

/** `work` (which opens and commits a transaction) on one pooled connection, rolled back if it fails. */
async function inTransaction<R>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<R>): Promise<R> {
  const client = await pool.connect();
  try {
    return await work(client);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

export function pgPoolDriver(pool: pg.Pool): SqlDriver {
  const driver: SqlDriver = {
    async exec(sql) {
      await pool.query(sql);
    },
    async query<T>(sql: string, params: unknown[] = [], name?: string) {
      return (await pool.query(name ? { name, text: sql, values: params } : { text: sql, values: params })).rows as T[];
    },
    chain<T>(first: SqlStatement, then: (rows: T[]) => SqlStatement | null) {
      // Bound parameters, never values spliced into the text: two more round trips than one script would take.
      return driver.transaction((inside) => chainInTransaction(inside, first, then));
    },
    transaction(fn) {
      return inTransaction(pool, async (client) => {
        await client.query('BEGIN');
        const result = await fn(clientDriver(client));
        await client.query('COMMIT');
        return result;
      });
    },
    async close() {
      await pool.end();
    },
  };
  return driver;
}

function checkDatabaseName(database: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`Unsafe database name: ${database}`);
  return database;
}

/** Runs `work` on one connection to the server's maintenance database. */
async function withServerClient<R>(serverUrl: string, work: (client: pg.Client) => Promise<R>): Promise<R> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates `database` on the server at `serverUrl` unless it exists (CREATE DATABASE has no IF NOT EXISTS). */
export async function ensureDatabase(serverUrl: string, database: string): Promise<void> {
  const name = checkDatabaseName(database);
  await withServerClient(serverUrl, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount !== 0) return;
    await client.query(`CREATE DATABASE ${name}`).catch((error: { code?: string }) => {
      if (error.code !== '42P04') throw error; // created by a concurrent starter
    });
  });
}

export async function dropDatabase(serverUrl: string, database: string): Promise<void> {
  const name = checkDatabaseName(database);
  await withServerClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** Every database whose name starts with `prefix` (a test run's, or a deployment's). */
export async function listDatabases(serverUrl: string, prefix: string): Promise<string[]> {
  const rows = await withServerClient(serverUrl, (client) =>
    client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1) ORDER BY datname', [prefix]),
  );
  return rows.rows.map((r) => r.datname);
}

/** The URL of `database` on the server `serverUrl` points at. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
