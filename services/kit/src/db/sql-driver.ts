// The one way a service reaches its database: SQL with bound parameters over one pool (node-postgres)
// or the embedded PGlite. docs/architecture.md ("One database path") says why not Prisma's client.

export interface SqlDriver {
  /** Runs a script of one or more statements, no parameters (migrations, fixtures). */
  exec(sql: string): Promise<void>;
  /**
   * One statement's rows. `name` makes it a prepared statement on PostgreSQL: each connection plans it
   * once, not per call (for hot paths; one name always means one SQL text). PGlite ignores it.
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], name?: string): Promise<T[]>;
  /** One statement; resolves to the number of rows it inserted, updated or deleted. */
  execute(sql: string, params?: unknown[], name?: string): Promise<number>;
  /** Runs `fn` on one connection inside BEGIN/COMMIT (ROLLBACK when it throws); nested calls join it. */
  transaction<R>(fn: (tx: SqlDriver) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}
