// The idempotent consumer step (DESIGN 4, SECURITY 20): one transaction records the event id in the
// consumer's processed_events and applies the handler's effect, so a redelivered event is a no-op
// and a failed handler leaves no trace (the message is then redelivered).
import { z } from 'zod';
import type { EventDefinition, EventPayload, TEventEnvelope } from '@civic/contracts/events/define-event';
import type { SqlExecutor, TransactionalDb, TransactionOptions } from './sql-executor.ts';
import { describeError, type EventLogger } from './event-logger.ts';
import { checkSchemaName } from './sql-names.ts';

export interface HandlerContext<P> {
  /** The consumer's transaction: write the effect through it so it commits with the inbox row. */
  tx: SqlExecutor;
  envelope: TEventEnvelope<P>;
  /**
   * Runs `effect` once the transaction has committed (not at all if it rolls back): for what lives
   * outside the database, such as dropping a cached copy of what the handler changed, which done
   * inside the transaction could be refilled from the old rows before the commit.
   */
  afterCommit(effect: () => void): void;
}

export type EventHandler<E extends EventDefinition> = (payload: EventPayload<E>, ctx: HandlerContext<EventPayload<E>>) => Promise<void>;

/** The payload does not satisfy the consumer's schema; retrying cannot help. */
export class PoisonEventError extends Error {
  override readonly name = 'PoisonEventError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export type ProcessOutcome = 'processed' | 'duplicate';

export interface ConsumerStep<E extends EventDefinition> {
  consumer: string;
  event: E;
  db: TransactionalDb;
  schema: string;
  handle: EventHandler<E>;
  transactionOptions?: TransactionOptions;
}

/**
 * A consumer validates only what it reads: fields a newer producer adds are kept, not rejected
 * (for object schemas; other schemas are used as given).
 */
export function consumerSchemaFor(event: EventDefinition): z.ZodType {
  return event.schema instanceof z.ZodObject ? event.schema.loose() : event.schema;
}

/**
 * Builds the per-message step once per subscription (schema checks and loosening done up front).
 * `logger` hears of an afterCommit effect that throws: the event is processed (its inbox row has
 * committed), so a failing effect is logged, never turned into a redelivery that would be skipped
 * as a duplicate anyway.
 */
export function createConsumerStep<E extends EventDefinition>(step: ConsumerStep<E>, logger?: EventLogger) {
  const s = checkSchemaName(step.schema);
  const payloadSchema = consumerSchemaFor(step.event);
  const insertInbox = `INSERT INTO ${s}.processed_events (consumer, event_id) VALUES ($1, $2::uuid) ON CONFLICT DO NOTHING`;

  return async function processEvent(envelope: TEventEnvelope): Promise<ProcessOutcome> {
    const committed: (() => void)[] = [];
    const outcome = await step.db.$transaction(async (tx) => {
      const inserted = await tx.$executeRawUnsafe(insertInbox, step.consumer, envelope.id);
      if (inserted === 0) return 'duplicate';
      const parsed = payloadSchema.safeParse(envelope.payload);
      if (!parsed.success) {
        throw new PoisonEventError(
          `Event ${envelope.id} (${envelope.subject} v${envelope.version}) does not match the consumer's schema: ${parsed.error.message}`,
          { cause: parsed.error },
        );
      }
      const payload = parsed.data as EventPayload<E>;
      await step.handle(payload, { tx, envelope: { ...envelope, payload }, afterCommit: (effect) => committed.push(effect) });
      return 'processed' as const;
    }, step.transactionOptions);
    for (const effect of committed) {
      try {
        effect();
      } catch (error) {
        logger?.error({ consumer: step.consumer, eventId: envelope.id, subject: envelope.subject, err: describeError(error) }, 'after-commit effect failed');
      }
    }
    return outcome;
  };
}
