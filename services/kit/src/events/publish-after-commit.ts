// Publishes a transaction's outbox events as soon as it commits, without the code that wrote them
// asking: the service's driver is wrapped once (service-events.ts), and every transaction that wrote
// outbox rows kicks the service's relay after its commit. A transaction that rolls back kicks
// nothing (its rows never existed). The relay's poll still repairs a kick lost to a crash between
// the commit and the kick (SECURITY 22), so a kick only buys latency.
import type { SqlDriver } from '../db/sql-driver.ts';

/** What each wrapped driver does when outbox rows are written through it. */
const onOutboxWrite = new WeakMap<object, () => void>();

/** Records that `db` wrote outbox rows: published once its transaction (or the statement) committed. */
export function noteOutboxWrite(db: SqlDriver): void {
  onOutboxWrite.get(db)?.();
}

type Publish = () => void;

/**
 * `driver`, publishing after every commit that wrote outbox rows: those enqueued through the kit
 * (enqueueEvent, a service's emitters), and the named statements in `outboxStatements` (SQL
 * functions that insert the rows buildOutboxRows made themselves).
 */
export function publishAfterCommit(driver: SqlDriver, publish: Publish, outboxStatements: readonly string[] = []): SqlDriver {
  const writers = new Set(outboxStatements);
  const within = (inner: SqlDriver, wrote: () => void): SqlDriver => {
    const named = (name: string | undefined) => name !== undefined && writers.has(name) && wrote();
    const wrapped: SqlDriver = {
      exec: (sql) => inner.exec(sql),
      async query<T>(sql: string, params?: unknown[], name?: string) {
        const rows = await inner.query<T>(sql, params, name);
        named(name);
        return rows;
      },
      async execute(sql, params, name) {
        const count = await inner.execute(sql, params, name);
        named(name);
        return count;
      },
      transaction: (fn) => inner.transaction((nested) => fn(nested === inner ? wrapped : within(nested, wrote))),
      close: () => inner.close(),
    };
    onOutboxWrite.set(wrapped, wrote);
    return wrapped;
  };
  const outside = within(driver, publish);
  const root: SqlDriver = {
    ...outside,
    async transaction(fn) {
      let wrote = false;
      const result = await driver.transaction((tx) => fn(within(tx, () => (wrote = true))));
      if (wrote) publish();
      return result;
    },
  };
  onOutboxWrite.set(root, publish);
  return root;
}
