// Publishes a transaction's outbox events as soon as it commits, without the code that wrote them
// asking: the service's database handles are wrapped once (service-events.ts), and every
// transaction that wrote outbox rows kicks the service's relay after its commit. A transaction that
// rolls back kicks nothing (its rows never existed). The relay's poll still repairs a kick lost to a
// crash between the commit and the kick (SECURITY 22), so a kick only buys latency.
import type { SqlDriver, SqlStatement } from '../db/sql-driver.ts';
import type { SqlExecutor, TransactionalDb } from './sql-executor.ts';

/** The transactions (their executors) that enqueued events: marked by enqueue-event.ts. */
const wroteOutbox = new WeakSet<object>();

/** Records that `tx` wrote outbox rows, so its commit publishes them. */
export function noteOutboxWrite(tx: SqlExecutor): void {
  wroteOutbox.add(tx);
}

type Publish = () => void;

/**
 * Makes `db.$transaction` publish after commit: an interactive transaction whose executor enqueued
 * events (enqueueEvent, enqueueEvents, a service's emitters) kicks `publish` once it has committed.
 * Wraps the client in place and returns it, so its type (a generated Prisma client) is unchanged.
 */
export function publishTransactionsAfterCommit<DB extends TransactionalDb>(db: DB, publish: Publish): DB {
  const transaction = db.$transaction.bind(db) as (fn: unknown, options?: unknown) => Promise<unknown>;
  const publishing = (fn: unknown, options?: unknown): Promise<unknown> => {
    // Prisma's batch form (an array of queries) enqueues nothing through an executor.
    if (typeof fn !== 'function') return transaction(fn, options);
    let used: object | undefined;
    const run = transaction(async (tx: SqlExecutor) => {
      used = tx;
      return (fn as (tx: SqlExecutor) => Promise<unknown>)(tx);
    }, options);
    return run.then((result) => {
      if (used && wroteOutbox.has(used)) publish();
      return result;
    });
  };
  Object.defineProperty(db, '$transaction', { value: publishing, configurable: true, writable: true });
  return db;
}

/**
 * Makes a raw driver publish after the named statements that write outbox rows themselves (SQL
 * functions given buildOutboxRows' rows, or a `chain`'s outbox INSERT): each kicks `publish` once
 * committed, on its own or after the COMMIT inside driver.transaction().
 */
export function publishStatementsAfterCommit(driver: SqlDriver, outboxStatements: readonly string[], publish: Publish): SqlDriver {
  if (outboxStatements.length === 0) return driver;
  const writers = new Set(outboxStatements);
  const within = (inner: SqlDriver, wrote: () => void): SqlDriver => ({
    ...inner,
    exec: (sql) => inner.exec(sql),
    async query<T>(sql: string, params?: unknown[], name?: string) {
      const rows = await inner.query<T>(sql, params, name);
      if (name !== undefined && writers.has(name)) wrote();
      return rows;
    },
    async chain<T>(first: SqlStatement, then: (rows: T[]) => SqlStatement | null) {
      let second: string | undefined;
      const rows = await inner.chain<T>(first, (found) => {
        const next = then(found);
        second = next?.name;
        return next;
      });
      if (second !== undefined && writers.has(second)) wrote();
      return rows;
    },
    transaction: (fn) => inner.transaction((nested) => fn(within(nested, wrote))),
    close: () => inner.close(),
  });
  const outside = within(driver, publish);
  return {
    ...outside,
    async transaction(fn) {
      let wrote = false;
      const result = await driver.transaction((tx) => fn(within(tx, () => (wrote = true))));
      if (wrote) publish();
      return result;
    },
  };
}
