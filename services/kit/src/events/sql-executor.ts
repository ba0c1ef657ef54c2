// The slice of a Prisma client the event code needs. Prisma clients and their interactive-transaction
// clients satisfy it, and so do thin adapters over `pg` or PGlite (used in tests), so the outbox and
// inbox code never depends on a generated client. Placeholders are PostgreSQL's `$1, $2, ...`.

export interface SqlExecutor {
  /** Runs one statement and resolves to the number of rows it affected. */
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
  /** Runs one query and resolves to its rows. */
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

export interface TransactionalDb extends SqlExecutor {
  $transaction<R>(
    fn: (tx: SqlExecutor) => Promise<R>,
    // biome-ignore lint/suspicious/noExplicitAny: each generated Prisma client has its own isolation-level enum type.
    options?: { isolationLevel?: any; timeout?: number; maxWait?: number },
  ): Promise<R>;
}

export type TransactionOptions = NonNullable<Parameters<TransactionalDb['$transaction']>[1]>;
