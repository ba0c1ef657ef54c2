// What every service's src/events.ts needs to publish: typed emitters that write to its outbox inside
// the caller's transaction, and the wrapper that makes its driver publish those events right after
// the commit by itself (publish-after-commit.ts), so no caller has to.
import type { EventDefinition, EventPayload } from '@civic/contracts/shared/define-event';
import type { SqlDriver } from '../db/sql-driver.ts';
import { enqueueEvent } from './enqueue-event.ts';
import { publishAfterCommit } from './publish-after-commit.ts';

/** The part of the platform that publishes: the event bus, which kicks the schema's relay. */
export interface Publisher {
  events: { kick(schema: string): void };
}

export interface ServiceEventsOptions {
  /**
   * Named prepared statements whose SQL functions insert outbox rows themselves (built with
   * buildOutboxRows): the service's driver publishes after each of them commits.
   */
  outboxStatements?: readonly string[];
}

export function serviceEvents(schema: string, options: ServiceEventsOptions = {}) {
  return {
    /** A function that enqueues `event` in the given transaction; published once that commits. */
    emitter<E extends EventDefinition>(event: E) {
      return (tx: SqlDriver, payload: EventPayload<E>) => enqueueEvent(tx, schema, event, payload);
    },
    /** The service's driver, publishing what each transaction enqueued once it commits. */
    publishingDb(driver: SqlDriver, platform: Publisher): SqlDriver {
      return publishAfterCommit(driver, () => platform.events.kick(schema), options.outboxStatements ?? []);
    },
  };
}
