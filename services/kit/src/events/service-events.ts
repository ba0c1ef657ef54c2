// What every service's src/events.ts needs to publish: typed emitters that write to its outbox inside
// the caller's transaction, and the wrappers that make its database handles publish those events
// right after the commit by themselves (publish-after-commit.ts), so no caller has to.
import type { EventDefinition, EventPayload } from '@civic/contracts/shared/define-event';
import type { SqlDriver } from '../db/sql-driver.ts';
import { enqueueEvent } from './enqueue-event.ts';
import { publishStatementsAfterCommit, publishTransactionsAfterCommit } from './publish-after-commit.ts';
import type { SqlExecutor, TransactionalDb } from './sql-executor.ts';

/** The part of the platform that publishes: the event bus, which kicks the schema's relay. */
export interface Publisher {
  events: { kick(schema: string): void };
}

export interface ServiceEventsOptions {
  /**
   * Named prepared statements whose SQL functions insert outbox rows themselves (built with
   * buildOutboxRows): the service's raw driver publishes after each of them commits.
   */
  outboxStatements?: readonly string[];
}

export function serviceEvents(schema: string, options: ServiceEventsOptions = {}) {
  return {
    /** A function that enqueues `event` in the given transaction; published once that commits. */
    emitter<E extends EventDefinition>(event: E) {
      return (tx: SqlExecutor, payload: EventPayload<E>) => enqueueEvent(tx, schema, event, payload);
    },
    /** The service's Prisma client, publishing what each transaction enqueued once it commits. */
    publishingDb<DB extends TransactionalDb>(db: DB, platform: Publisher): DB {
      return publishTransactionsAfterCommit(db, () => platform.events.kick(schema));
    },
    /** The service's raw driver, publishing after each of `outboxStatements` commits. */
    publishingSql(driver: SqlDriver, platform: Publisher): SqlDriver {
      return publishStatementsAfterCommit(driver, options.outboxStatements ?? [], () => platform.events.kick(schema));
    },
  };
}
