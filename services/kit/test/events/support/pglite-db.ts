// A TransactionalDb over an in-memory PGlite (the embedded profile's database) for tests.
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { SqlExecutor, TransactionalDb } from '../../../src/events/sql-executor.ts';

function executorOver(target: PGlite | Transaction): SqlExecutor {
  return {
    async $executeRawUnsafe(query: string, ...values: unknown[]) {
      return (await target.query(query, values)).affectedRows ?? 0;
    },
    async $queryRawUnsafe<T>(query: string, ...values: unknown[]) {
      return (await target.query(query, values)).rows as T;
    },
  };
}

export async function createPgliteTestDatabase(): Promise<{ db: TransactionalDb; close(): Promise<void> }> {
  const pglite = new PGlite();
  await pglite.waitReady;
  const db: TransactionalDb = {
    ...executorOver(pglite),
    $transaction: (fn) => pglite.transaction((tx) => fn(executorOver(tx))),
  };
  return { db, close: () => pglite.close() };
}
