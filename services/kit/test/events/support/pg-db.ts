// A SqlDriver over node-postgres for tests, plus a throwaway database per test run.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pgPoolDriver } from '../../../src/db/pg-driver.ts';
import type { SqlDriver } from '../../../src/db/sql-driver.ts';
import type { SqlDriver, SqlDriver } from '../../../src/events/sql-executor.ts';

const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function executorOver(client: pg.Pool | pg.PoolClient): SqlDriver {
  return {
    async execute(query: string, values: unknown[]) {
      return (await client.query(query, values)).rowCount ?? 0;
    },
    async query<T>(query: string, values: unknown[]) {
      return (await client.query(query, values)).rows as T;
    },
  };
}

export interface PgTestDatabase {
  db: SqlDriver;
  /** The same database through the services' raw driver (its own pool). */
  sql: SqlDriver;
  name: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/** A throwaway database on the shared server, or on `adminUrl`'s (a test's dedicated PostgreSQL). */
export async function createPgTestDatabase(adminUrl = ADMIN_URL): Promise<PgTestDatabase> {
  const name = `civic_test_events_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 8 });
  // DROP DATABASE ... WITH (FORCE) may kill a connection the pool is still closing; that is expected.
  pool.on('error', () => undefined);
  const db: SqlDriver = {
    ...executorOver(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(executorOver(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
  const rawPool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  rawPool.on('error', () => undefined);
  return {
    db,
    sql: pgPoolDriver(rawPool),
    name,
    async drop() {
      await pool.end();
      await rawPool.end();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
