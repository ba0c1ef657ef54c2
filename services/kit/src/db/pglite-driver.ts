import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import type { SqlDriver } from './sql-driver.ts';

type PGliteLike = Pick<PGlite, 'exec' | 'query'> | Transaction;

/** Rows a statement changed; PGlite reports none for a SELECT. */
function affected(result: Results): number {
  return result.affectedRows ?? 0;
}

function wrap(db: PGliteLike, root: PGlite | null): SqlDriver {
  const driver: SqlDriver = {
    async exec(sql) {
      await db.exec(sql);
    },
    async query<T>(sql: string, params: unknown[] = []) {
      return (await db.query<T>(sql, params)).rows;
    },
    async execute(sql, params = []) {
      return affected(await db.query(sql, params));
    },
    transaction(fn) {
      if (!root) return fn(driver);
      return root.transaction((tx) => fn(wrap(tx, null)));
    },
    async close() {
      // The shared PGlite instance is closed by its owner, not by one service.
    },
  };
  return driver;
}

export function pgliteDriver(pglite: PGlite): SqlDriver {
  return wrap(pglite, pglite);
}
