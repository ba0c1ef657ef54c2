// A SqlDriver over an in-memory PGlite (the embedded profile's database) for tests.
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { SqlDriver, SqlDriver } from '../../../src/events/sql-executor.ts';

function executorOver(target: PGlite | Transaction): SqlDriver {
  return {
    async execute(query: string, values: unknown[]) {
      return (await target.query(query, values)).affectedRows ?? 0;
    },
    async query<T>(query: string, values: unknown[]) {
      return (await target.query(query, values)).rows as T;
    },
  };
}

export async function createPgliteTestDatabase(): Promise<{ db: SqlDriver; close(): Promise<void> }> {
  const pglite = new PGlite();
  await pglite.waitReady;
  const db: SqlDriver = {
    ...executorOver(pglite),
    $transaction: (fn) => pglite.transaction((tx) => fn(executorOver(tx))),
  };
  return { db, close: () => pglite.close() };
}
