// What a subscription asks for and gives back, whichever transport carries it.
import type { EventDefinition } from '@civic/contracts/shared/define-event';
import type { BatchEventHandler, ConsumerStep } from './process-event.ts';
import type { RetryPolicy } from './retry-policy.ts';

export interface SubscribeOptions<E extends EventDefinition> extends ConsumerStep<E> {
  /** Overrides the bus's retry policy for this consumer. */
  retry?: Partial<RetryPolicy>;
  /**
   * NATS only: messages handled at once (default 1, which keeps the stream's order for this subject
   * while nothing fails). Raise it for consumers whose effects commute, to catch up faster.
   * In-process delivery follows the producer's relay, one event at a time.
   */
  concurrency?: number;
  /**
   * Opt-in batch mode (docs/protocols/events.md "Batch consumers"): up to `maxBatch` events that
   * have queued are applied by this handler in ONE transaction, with every event's inbox row, and
   * acknowledged only after its commit. A batch that fails is applied again one event at a time
   * through `handle` with the usual retry and dead-letter policy. Only for effects that commute
   * (version-guarded read models). Replaces `concurrency`: one batch at a time per subscriber.
   */
  handleBatch?: BatchEventHandler<E>;
  /** Batch mode: the most events in one transaction; default 64 (DEFAULT_MAX_BATCH). */
  maxBatch?: number;
}

export interface EventSubscription {
  readonly consumer: string;
  readonly subject: string;
  readonly version: number;
  /** Stops receiving; the durable position is kept, so a later subscribe catches up. */
  stop(): Promise<void>;
  /** Why the subscription no longer receives although nobody stopped it, or null while it runs. */
  problem?(): string | null;
  /** NATS: the events of the subscription not yet acknowledged (its lag), read from the server. */
  pending?(): Promise<number>;
}
