import pg from 'pg';
import { chainInTransaction, type SqlDriver, type SqlStatement } from './sql-driver.ts';

/** A parameter as an SQL literal, for statements sent by the simple protocol (several in one round trip). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
    return `(${value})`;
  }
  if (typeof value === 'bigint') return `(${value})`;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (typeof value === 'string') return pg.escapeLiteral(value);
  return pg.escapeLiteral(JSON.stringify(value));
}

/** The statement's text with each $n replaced by its parameter's literal (the texts chain takes hold no $n elsewhere). */
function inline(statement: SqlStatement): string {
  const params = statement.params ?? [];
  return statement.text.replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index >= params.length) throw new Error(`No parameter $${n}`);
    return literal(params[index]);
  });
}

type Results = pg.QueryResult | pg.QueryResult[];
const lastRows = <T>(results: Results) => (Array.isArray(results) ? results.at(-1)! : results).rows as T[];

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
  return {
    async exec(sql) {
      await pool.query(sql);
    },
    async query<T>(sql: string, params: unknown[] = [], name?: string) {
      return (await pool.query(name ? { name, text: sql, values: params } : { text: sql, values: params })).rows as T[];
    },
    chain<T>(first: SqlStatement, then: (rows: T[]) => SqlStatement | null) {
      return inTransaction(pool, async (client) => {
        const rows = lastRows<T>((await client.query(`BEGIN; ${inline(first)}`)) as unknown as Results);
        const next = then(rows);
        await client.query(next ? `${inline(next)}; COMMIT` : 'COMMIT');
        return rows;
      });
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
