// The raw SQL access the migration runner and infrastructure need (multi-statement scripts),
// over either PGlite or node-postgres. Application code uses Prisma instead.
export interface SqlStatement {
  text: string;
  params?: unknown[];
  /** A label the driver's wrappers read (publish-after-commit.ts); `chain` prepares nothing. */
  name?: string;
}

export interface SqlDriver {
  /** Runs a script of one or more statements, no parameters. */
  exec(sql: string): Promise<void>;
  /**
   * `name` makes it a prepared statement on PostgreSQL: each connection plans it once, not per call
   * (for hot paths; one name always means one SQL text). PGlite ignores it.
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], name?: string): Promise<T[]>;
  /**
   * `first`, then the statement `then` makes of its rows (null: none), in one transaction: for a write
   * whose second statement depends on the first's answer (a SQL function's state change, then the
   * events it reports through the kit's outbox), with bound parameters.
   */
  chain<T>(first: SqlStatement, then: (rows: T[]) => SqlStatement | null): Promise<T[]>;
  /** Runs `fn` on one connection inside BEGIN/COMMIT. */
  transaction<R>(fn: (driver: SqlDriver) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}

/** `chain` on a driver already inside a transaction: one statement after the other. */
export async function chainInTransaction<T>(driver: SqlDriver, first: SqlStatement, then: (rows: T[]) => SqlStatement | null): Promise<T[]> {
  const rows = await driver.query<T>(first.text, first.params);
  const next = then(rows);
  if (next) await driver.query(next.text, next.params);
  return rows;
}
