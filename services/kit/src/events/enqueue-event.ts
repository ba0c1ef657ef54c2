// The producer side of the outbox: an event is written in the same transaction as the state change
// it reports, so both commit or neither does (SECURITY 19). The relay publishes it afterwards.
import { randomUUID } from 'node:crypto';
import type { Context } from '@opentelemetry/api';
import type { EventDefinition, EventPayload, TEventEnvelope } from '@civic/contracts/shared/define-event';
import { noteOutboxWrite } from './publish-after-commit.ts';
import type { SqlDriver } from '../db/sql-driver.ts';
import { checkSchemaName } from './sql-names.ts';
import { captureTraceHeaders, type TraceHeaders } from './trace-headers.ts';

export interface EnqueueOptions {
  /** Event id; defaults to a new UUID. Fixing it makes a retried request produce the same event. */
  id?: string;
  occurredAt?: Date;
  /** Trace context to record; defaults to the active one. */
  traceContext?: Context;
}

/**
 * Validates the payload against the event's schema and inserts the outbox row through `tx`, which must
 * be the caller's transaction. Returns the envelope that will travel.
 */
export async function enqueueEvent<E extends EventDefinition>(
  tx: SqlDriver,
  schema: string,
  event: E,
  payload: EventPayload<E>,
  opts: EnqueueOptions = {},
): Promise<TEventEnvelope<EventPayload<E>>> {
  const [envelope] = await enqueueEvents(tx, schema, event, [payload], [opts]);
  return envelope!;
}

/** Outbox rows as one JSON document: the shape the outbox INSERTs read with jsonb_array_elements. */
export interface OutboxRows<P> {
  envelopes: TEventEnvelope<P>[];
  /** [{ id, subject, version, occurredAt, payload, headers }, ...] */
  rows: Array<{ id: string; subject: string; version: number; occurredAt: string; payload: P; headers: TraceHeaders }>;
}

/**
 * Checks each payload against the event's schema and builds its envelope and outbox row, without
 * writing anything: for a writer that inserts the row itself in its own statement (a SQL function
 * doing a whole state change in one round trip, e.g. the priorities service's apply_vote).
 */
export function buildOutboxRows<E extends EventDefinition>(
  event: E,
  payloads: readonly EventPayload<E>[],
  perEvent: readonly EnqueueOptions[] = [],
): OutboxRows<EventPayload<E>> {
  const built = payloads.map((raw, index) => {
    const opts = perEvent[index] ?? {};
    // Validate and send what the schema produced (defaults applied, unknown keys per schema rules).
    const payload = event.schema.parse(raw) as EventPayload<E>;
    const envelope: TEventEnvelope<EventPayload<E>> = {
      id: opts.id ?? randomUUID(),
      subject: event.subject,
      occurredAt: (opts.occurredAt ?? new Date()).toISOString(),
      version: event.version,
      payload,
    };
    return { envelope, headers: captureTraceHeaders(opts.traceContext) };
  });
  return {
    envelopes: built.map((row) => row.envelope),
    rows: built.map(({ envelope, headers }) => ({
      id: envelope.id,
      subject: envelope.subject,
      version: envelope.version,
      occurredAt: envelope.occurredAt,
      payload: envelope.payload,
      headers,
    })),
  };
}

/**
 * The INSERT of outbox rows (OutboxRows['rows'] as one JSON parameter, $1), in the order given: for a
 * writer on a plain SQL driver that writes its event itself (buildOutboxRows makes the rows).
 */
export function outboxInsertSql(schema: string): string {
  return `INSERT INTO ${checkSchemaName(schema)}.outbox (id, subject, version, payload, headers, created_at)
     SELECT (r->>'id')::uuid, r->>'subject', (r->>'version')::int, r->'payload', r->'headers',
            (r->>'occurredAt')::timestamptz
     FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(r, n)
     ORDER BY n`;
}

/** Inserts rows buildOutboxRows made, in `tx` (the caller's transaction): published once it commits. */
export async function insertOutboxRows(tx: SqlDriver, schema: string, rows: OutboxRows<unknown>['rows']): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(outboxInsertSql(schema), [JSON.stringify(rows)]);
  noteOutboxWrite(tx);
}

/**
 * Many events of one kind in a single INSERT (bulk imports, backfills, load tests). Rows get seq
 * numbers in the order given. `perEvent[i]` optionally sets the id/time of payload i.
 */
export async function enqueueEvents<E extends EventDefinition>(
  tx: SqlDriver,
  schema: string,
  event: E,
  payloads: readonly EventPayload<E>[],
  perEvent: readonly EnqueueOptions[] = [],
): Promise<TEventEnvelope<EventPayload<E>>[]> {
  const s = checkSchemaName(schema);
  if (payloads.length === 0) return [];
  const { envelopes, rows } = buildOutboxRows(event, payloads, perEvent);
  // One JSON parameter rather than N*6 placeholders: free of the 65535-parameter limit.
  await insertOutboxRows(tx, s, rows);
  return envelopes;
}
