// What every service's src/events.ts needs to publish: typed emitters that write to its outbox inside
// the caller's transaction, and a kick that publishes right after the commit.
import type { EventDefinition, EventPayload } from '@civic/contracts/events/define-event';
import { enqueueEvent } from './enqueue-event.ts';
import type { SqlExecutor } from './sql-executor.ts';

export function serviceEvents(schema: string) {
  return {
    /** A function that enqueues `event` in the given transaction. */
    emitter<E extends EventDefinition>(event: E) {
      return (tx: SqlExecutor, payload: EventPayload<E>) => enqueueEvent(tx, schema, event, payload);
    },
    /** Publishes what the last commit enqueued now rather than at the relay's next poll. */
    publishCommitted(ctx: { platform: { events: { kick(schema: string): void } } }): void {
      ctx.platform.events.kick(schema);
    },
  };
}
