// The embedded profile's driver over an in-memory PGlite, for tests.
import { PGlite } from '@electric-sql/pglite';
import { pgliteDriver } from '../../../src/db/pglite-driver.ts';
import type { SqlDriver } from '../../../src/db/sql-driver.ts';

export async function createPgliteTestDatabase(): Promise<{ db: SqlDriver; close(): Promise<void> }> {
  const pglite = new PGlite();
  await pglite.waitReady;
  return { db: pgliteDriver(pglite), close: () => pglite.close() };
}
