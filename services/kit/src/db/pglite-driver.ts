import type { PGlite, Transaction } from '@electric-sql/pglite';
import { chainInTransaction, type SqlDriver } from './sql-driver.ts';

type PGliteLike = Pick<PGlite, 'exec' | 'query'> | Transaction;

function wrap(db: PGliteLike, root: PGlite | null): SqlDriver {
  return {
    async exec(sql) {
      await db.exec(sql);
    },
    async query<T>(sql: string, params: unknown[] = []) {
      return (await db.query<T>(sql, params)).rows;
    },
    chain(first, then) {
      const driver = wrap(db, root);
      return driver.transaction((tx) => chainInTransaction(tx, first, then));
    },
    async transaction(fn) {
      if (!root) return fn(wrap(db, null));
      return root.transaction((tx) => fn(wrap(tx, null)));
    },
    async close() {
      // The shared PGlite instance is closed by its owner, not by one service.
    },
  };
}

export function pgliteDriver(pglite: PGlite): SqlDriver {
  return wrap(pglite, pglite);
}
