import pg from 'pg';
import type { SqlDriver } from './sql-driver.ts';

type Queryable = pg.Pool | pg.PoolClient | pg.Client;

function run(on: Queryable, sql: string, params: unknown[], name: string | undefined): Promise<pg.QueryResult> {
  return on.query(name ? { name, text: sql, values: params } : { text: sql, values: params });
}

/** One connection (a pooled one inside a transaction, or a test's own client): `transaction` runs on it as it is. */
export function pgClientDriver(client: pg.PoolClient | pg.Client): SqlDriver {
  const driver: SqlDriver = {
    async exec(sql) {
      await client.query(sql);
    },
    async query<T>(sql: string, params: unknown[] = [], name?: string) {
      return (await run(client, sql, params, name)).rows as T[];
    },
    async execute(sql, params = [], name) {
      return (await run(client, sql, params, name)).rowCount ?? 0;
    },
    transaction: (fn) => fn(driver),
    async close() {},
  };
  return driver;
}

export function pgPoolDriver(pool: pg.Pool): SqlDriver {
  return {
    async exec(sql) {
      await pool.query(sql);
    },
    async query<T>(sql: string, params: unknown[] = [], name?: string) {
      return (await run(pool, sql, params, name)).rows as T[];
    },
    async execute(sql, params = [], name) {
      return (await run(pool, sql, params, name)).rowCount ?? 0;
    },
    async transaction(fn) {
      const client = await pool.connect();
      // A checked-out connection that drops (a PostgreSQL restart) emits 'error'; unheard, it would end
      // the process. The failing query rejects anyway, and the pool discards a client no longer queryable.
      const onError = () => {};
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn(pgClientDriver(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.off('error', onError);
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
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
