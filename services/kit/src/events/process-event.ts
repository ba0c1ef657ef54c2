// The idempotent consumer step (DESIGN 4, SECURITY 20): one transaction records the event id in the
// consumer's processed_events and applies the handler's effect, so a redelivered event is a no-op
// and a failed handler leaves no trace (the message is then redelivered).
import { z } from 'zod';
import type { EventDefinition, EventPayload, TEventEnvelope } from '@civic/contracts/shared/define-event';
import type { SqlDriver } from '../db/sql-driver.ts';
import { describeError, type EventLogger } from './event-logger.ts';
import { checkSchemaName } from './sql-names.ts';

export interface HandlerContext<P> {
  /** The consumer's transaction: write the effect through it so it commits with the inbox row. */
  tx: SqlDriver;
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
  db: SqlDriver;
  schema: string;
  handle: EventHandler<E>;
}

/**
 * A consumer validates only what it reads: fields a newer producer adds are kept, not rejected
 * (for object schemas; other schemas are used as given).
 */
export function consumerSchemaFor(event: EventDefinition): z.ZodType {
  return event.schema instanceof z.ZodObject ? event.schema.loose() : event.schema;
}

/** The consumer's reading of an envelope's payload; one that does not fit is a poison event. */
function payloadReader<E extends EventDefinition>(event: E): (envelope: TEventEnvelope) => EventPayload<E> {
  const payloadSchema = consumerSchemaFor(event);
  return (envelope) => {
    const parsed = payloadSchema.safeParse(envelope.payload);
    if (!parsed.success) {
      throw new PoisonEventError(
        `Event ${envelope.id} (${envelope.subject} v${envelope.version}) does not match the consumer's schema: ${parsed.error.message}`,
        { cause: parsed.error },
      );
    }
    return parsed.data as EventPayload<E>;
  };
}

/**
 * Builds the per-message step once per subscription (schema checks and loosening done up front).
 * `logger` hears of an afterCommit effect that throws: the event is processed (its inbox row has
 * committed), so a failing effect is logged, never turned into a redelivery that would be skipped
 * as a duplicate anyway.
 */
export function createConsumerStep<E extends EventDefinition>(step: ConsumerStep<E>, logger?: EventLogger) {
  const s = checkSchemaName(step.schema);
  const readPayload = payloadReader(step.event);
  const insertInbox = `INSERT INTO ${s}.processed_events (consumer, event_id) VALUES ($1, $2::uuid) ON CONFLICT DO NOTHING`;

  return async function processEvent(envelope: TEventEnvelope): Promise<ProcessOutcome> {
    const committed: (() => void)[] = [];
    const outcome = await step.db.transaction(async (tx) => {
      const inserted = await tx.execute(insertInbox, [step.consumer, envelope.id]);
      if (inserted === 0) return 'duplicate';
      const payload = readPayload(envelope);
      await step.handle(payload, { tx, envelope: { ...envelope, payload }, afterCommit: (effect) => committed.push(effect) });
      return 'processed' as const;
    });
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

/** One event of a batch, its payload checked against the consumer's schema. */
export interface BatchItem<P> {
  payload: P;
  envelope: TEventEnvelope<P>;
}

export interface BatchHandlerContext {
  /** The batch's one transaction: every effect, and the inbox row of every event, commit together. */
  tx: SqlDriver;
  afterCommit(effect: () => void): void;
}

/**
 * A batch consumer's handler (subscription.ts `handleBatch`): applies several events at once, in
 * delivery order, inside one transaction. Only for effects that commute or are guarded (a version
 * check), since a batch that fails is applied again one event at a time.
 */
export type BatchEventHandler<E extends EventDefinition> = (items: BatchItem<EventPayload<E>>[], ctx: BatchHandlerContext) => Promise<void>;

/** Events applied in one transaction at most, unless the subscription says otherwise. */
export const DEFAULT_MAX_BATCH = 64;

export interface BatchConsumerStep<E extends EventDefinition> extends ConsumerStep<E> {
  handleBatch: BatchEventHandler<E>;
}

/**
 * The batch form of the consumer step: one transaction writes the inbox rows of every event (one
 * statement), applies the new ones through `handleBatch` and commits; the outcome of each envelope
 * is returned in order. Any failure (an event that does not fit the schema included) rolls the whole
 * batch back and is thrown: the transport then applies the batch's events one at a time with the
 * per-event step, so a bad event meets its own retry or dead-letter decision and the others apply.
 */
export function createBatchConsumerStep<E extends EventDefinition>(step: BatchConsumerStep<E>, logger?: EventLogger) {
  const s = checkSchemaName(step.schema);
  const readPayload = payloadReader(step.event);
  const insertInbox = `INSERT INTO ${s}.processed_events (consumer, event_id)
    SELECT $1, ids.id::uuid FROM jsonb_array_elements_text($2::jsonb) AS ids(id)
    ON CONFLICT DO NOTHING RETURNING event_id::text AS id`;

  return async function processBatch(envelopes: readonly TEventEnvelope[]): Promise<ProcessOutcome[]> {
    const committed: (() => void)[] = [];
    const ids = [...new Set(envelopes.map((envelope) => envelope.id.toLowerCase()))];
    const fresh = await step.db.transaction(async (tx) => {
      const inserted = await tx.query<{ id: string }>(insertInbox, [step.consumer, JSON.stringify(ids)]);
      const fresh = new Set(inserted.map((row) => row.id));
      const items: BatchItem<EventPayload<E>>[] = [];
      const taken = new Set<string>();
      for (const envelope of envelopes) {
        const id = envelope.id.toLowerCase();
        // A message delivered twice into one batch is applied once.
        if (!fresh.has(id) || taken.has(id)) continue;
        taken.add(id);
        const payload = readPayload(envelope);
        items.push({ payload, envelope: { ...envelope, payload } });
      }
      if (items.length > 0) await step.handleBatch(items, { tx, afterCommit: (effect) => committed.push(effect) });
      return taken;
    });
    for (const effect of committed) {
      try {
        effect();
      } catch (error) {
        logger?.error({ consumer: step.consumer, events: envelopes.length, err: describeError(error) }, 'after-commit effect failed');
      }
    }
    const reported = new Set<string>();
    return envelopes.map((envelope) => {
      const id = envelope.id.toLowerCase();
      if (!fresh.has(id) || reported.has(id)) return 'duplicate';
      reported.add(id);
      return 'processed';
    });
  };
}

/** The per-event handler of a batch handler: a batch of one (the fallback and dead-letter replay path). */
export function singleEventHandler<E extends EventDefinition>(handleBatch: BatchEventHandler<E>): EventHandler<E> {
  return (payload, ctx) => handleBatch([{ payload, envelope: ctx.envelope }], ctx);
}
