// One service's schema, freshly migrated, with nothing running on it: for tests of what the
// migrations leave in the database (the SQL functions, their locks) that need no service. Embedded:
// a PGlite of its own (pglite-copy.ts). Distributed: a database of its own on the test PostgreSQL server, as its
// administrator, dropped at close.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { databaseUrl, dropDatabase, ensureDatabase, pgliteDriver, pgPoolDriver, runMigrations, type SqlDriver } from '@civic/service-kit/db';
import { LOCAL_INFRA, type Profile } from './infrastructure.ts';
import { openPgliteCopy } from './pglite-copy.ts';

const SERVICES_DIR = fileURLToPath(new URL('../../services', import.meta.url));

export interface MigratedDatabase {
  driver: SqlDriver;
  /** Distributed: the database's URL, for connections of the test's own (two sides of a race). */
  url: string | null;
  close(): Promise<void>;
}

export async function openMigratedDatabase(profile: Profile, service: string): Promise<MigratedDatabase> {
  const migrationsDir = join(SERVICES_DIR, service, 'prisma', 'migrations');
  if (profile === 'embedded') {
    const { db, close } = await openPgliteCopy(service);
    const driver = pgliteDriver(db);
    await runMigrations(driver, { schema: service, migrationsDir }).catch(async (error: unknown) => {
      await close();
      throw error;
    });
    return { driver, url: null, close };
  }
  const name = `civic_migrated_${service}_${randomBytes(5).toString('hex')}`;
  await ensureDatabase(LOCAL_INFRA.DATABASE_URL, name);
  const url = databaseUrl(LOCAL_INFRA.DATABASE_URL, name);
  const pool = new pg.Pool({ connectionString: url, max: 4, allowExitOnIdle: true });
  pool.on('error', () => {}); // the database is dropped under idle connections at close
  const driver = pgPoolDriver(pool);
  try {
    await runMigrations(driver, { schema: service, migrationsDir });
  } catch (error) {
    await pool.end().catch(() => {});
    await dropDatabase(LOCAL_INFRA.DATABASE_URL, name);
    throw error;
  }
  return {
    driver,
    url,
    async close() {
      await pool.end().catch(() => {});
      await dropDatabase(LOCAL_INFRA.DATABASE_URL, name);
    },
  };
}
