// Reads and updates a service's outbox table for the relay. No query here holds a transaction open
// across a publish: PGlite has one connection, and an in-process delivery runs the subscribers'
// own transactions on it.
import type { TEventEnvelope } from '@civic/contracts/shared/define-event';
import type { SqlDriver } from '../db/sql-driver.ts';
import { checkSchemaName } from './sql-names.ts';
import type { TraceHeaders } from './trace-headers.ts';

export interface OutboxRow {
  envelope: TEventEnvelope;
  headers: TraceHeaders;
  /** Failed hand-over attempts so far (0 for a fresh row). */
  attempts: number;
}

interface RawOutboxRow {
  id: string;
  subject: string;
  version: number;
  payload: string;
  headers: string;
  occurred_at: string;
  attempts: number;
}

/** Unpublished rows that are due, oldest first. */
export async function fetchDueOutboxRows(db: SqlDriver, schema: string, limit: number): Promise<OutboxRow[]> {
  const s = checkSchemaName(schema);
  // jsonb and timestamps are selected as text so every driver returns the same shapes.
  const raw = await db.query<RawOutboxRow>(
    `SELECT id::text AS id, subject, version, payload::text AS payload, headers::text AS headers,
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS occurred_at,
            attempts
     FROM ${s}.outbox
     WHERE published_at IS NULL AND (next_attempt_at IS NULL OR next_attempt_at <= now())
     ORDER BY seq
     LIMIT $1::int`,
    [limit],
    `outbox_fetch_${s}`,
  );
  return raw.map((row) => ({
    envelope: {
      id: row.id,
      subject: row.subject,
      occurredAt: row.occurred_at,
      version: Number(row.version),
      payload: JSON.parse(row.payload) as unknown,
    },
    headers: JSON.parse(row.headers) as TraceHeaders,
    attempts: Number(row.attempts),
  }));
}

export async function markOutboxRowsPublished(db: SqlDriver, schema: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const s = checkSchemaName(schema);
  await db.execute(
    `UPDATE ${s}.outbox SET published_at = now(), next_attempt_at = NULL
     WHERE id IN (SELECT (jsonb_array_elements_text($1::jsonb))::uuid)`,
    [JSON.stringify(ids)],
    `outbox_mark_${s}`,
  );
}

/** Records a failed hand-over and when to try the row again. */
export async function deferOutboxRow(db: SqlDriver, schema: string, id: string, retryInMs: number, error: string): Promise<void> {
  const s = checkSchemaName(schema);
  await db.execute(
    `UPDATE ${s}.outbox
     SET attempts = attempts + 1,
         next_attempt_at = now() + ($2::float8 * interval '1 millisecond'),
         last_error = left($3, 2000)
     WHERE id = $1::uuid AND published_at IS NULL`,
    [id, Math.max(0, Math.round(retryInMs)), error],
    `outbox_defer_${s}`,
  );
}

/** Deletes rows published longer ago than `olderThanMs`; consumers dedupe on their own inbox. */
export async function prunePublishedOutboxRows(db: SqlDriver, schema: string, olderThanMs: number): Promise<number> {
  const s = checkSchemaName(schema);
  return db.execute(
    `DELETE FROM ${s}.outbox
     WHERE published_at IS NOT NULL AND published_at < now() - ($1::float8 * interval '1 millisecond')`,
    [olderThanMs],
    `outbox_prune_${s}`,
  );
}

export interface OutboxBacklog {
  /** Unpublished rows of each subject and version. */
  bySubject: { subject: string; version: number; rows: number }[];
  rows: number;
  /** Seconds since the oldest unpublished row was written; 0 when there is none. */
  oldestAgeSeconds: number;
}

/** What the relay has not handed over yet (metrics, read at scrape time; the partial index keeps it small). */
export async function readOutboxBacklog(db: SqlDriver, schema: string): Promise<OutboxBacklog> {
  const s = checkSchemaName(schema);
  const raw = await db.query<{ subject: string; version: number; rows: number; age: number }>(
    `SELECT subject, version, count(*)::int AS rows, EXTRACT(EPOCH FROM (now() - min(created_at)))::float8 AS age
     FROM ${s}.outbox WHERE published_at IS NULL GROUP BY subject, version`,
    [],
    `outbox_backlog_${s}`,
  );
  const bySubject = raw.map((row) => ({ subject: row.subject, version: Number(row.version), rows: Number(row.rows) }));
  return {
    bySubject,
    rows: bySubject.reduce((sum, row) => sum + row.rows, 0),
    oldestAgeSeconds: raw.reduce((oldest, row) => Math.max(oldest, Number(row.age)), 0),
  };
}
