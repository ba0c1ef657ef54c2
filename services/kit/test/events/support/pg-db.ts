// The services' driver over a throwaway database per test run.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pgPoolDriver } from '../../../src/db/pg-driver.ts';
import type { SqlDriver } from '../../../src/db/sql-driver.ts';

const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface PgTestDatabase {
  db: SqlDriver;
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
  const db = pgPoolDriver(pool);
  return {
    db,
    name,
    async drop() {
      await pool.end();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
