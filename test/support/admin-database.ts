// A service's database as the PostgreSQL administrator (distributed): what the tests read and write
// behind a service's back, beyond the rights of the role the service runs as (issue 14 item 4).
import pg from 'pg';
import { databaseUrl, pgPoolDriver, type SqlDriver } from '@civic/service-kit/db';
import type { Stack } from './stack.ts';

/** Its idle connections close by themselves and never keep the test process alive. */
export function openAdminDatabase(stack: Stack, service: string): SqlDriver {
  const pool = new pg.Pool({ connectionString: databaseUrl(stack.env.DATABASE_URL!, `${stack.env.DATABASE_PREFIX}${service}`), max: 2, allowExitOnIdle: true });
  pool.on('error', () => {}); // the stack drops the database under idle connections at its close
  return pgPoolDriver(pool);
}
