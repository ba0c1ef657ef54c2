// The raw SQL access the migration runner and infrastructure need (multi-statement scripts),
// over either PGlite or node-postgres. Application code uses Prisma instead.
export interface SqlDriver {
  /** Runs a script of one or more statements, no parameters. */
  exec(sql: string): Promise<void>;
  /**
   * `name` makes it a prepared statement on PostgreSQL: each connection plans it once, not per call
   * (for hot paths; one name always means one SQL text). PGlite ignores it.
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], name?: string): Promise<T[]>;
  /** Runs `fn` on one connection inside BEGIN/COMMIT. */
  transaction<R>(fn: (driver: SqlDriver) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}
