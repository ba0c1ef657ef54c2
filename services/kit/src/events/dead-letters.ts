// The dead-letter store of a consuming service (docs/protocols/events.md): an event its consumer
// could not apply for a reason of the event's own is kept here, in the consumer's database, with the
// error, instead of being dropped. An operator lists them (`npm run events:dead-letters`) and asks for
// a replay (`npm run events:replay`); the service's replayer then runs the consumer step again, which
// stays idempotent through processed_events.
import type { TEventEnvelope } from '@civic/contracts/shared/define-event';
import { kitMigrationStatements } from '../db/kit-migrations.ts';
import type { SqlDriver } from '../db/sql-driver.ts';
import { checkSchemaName } from './sql-names.ts';
import type { TraceHeaders } from './trace-headers.ts';

/** DDL, one statement each (the kit's migration events/20261220000100_dead_letters), for tests that set up a schema by hand. */
export function deadLetterMigrationStatements(schema: string): string[] {
  return kitMigrationStatements('events/20261220000100_dead_letters', schema);
}

export interface DeadLetterInput {
  consumer: string;
  subject: string;
  /** The parsed envelope; null when the message did not parse (then `raw` holds it). */
  envelope: TEventEnvelope | null;
  raw?: string;
  headers?: TraceHeaders;
  error: string;
  deliveries: number;
}

const MAX_ERROR_LENGTH = 4000;

export async function recordDeadLetter(db: SqlDriver, schema: string, letter: DeadLetterInput): Promise<void> {
  const s = checkSchemaName(schema);
  const { envelope } = letter;
  await db.execute(
    `INSERT INTO ${s}.dead_letters (consumer, subject, version, event_id, envelope, raw, headers, error, deliveries)
     VALUES ($1, $2, $3, $4::uuid, $5::jsonb, $6, $7::jsonb, $8, $9)
     ON CONFLICT (consumer, event_id) WHERE event_id IS NOT NULL DO UPDATE
       SET error = EXCLUDED.error, deliveries = EXCLUDED.deliveries, failed_at = now(), replayed_at = NULL`,
    [
      letter.consumer,
      letter.subject,
      envelope?.version ?? null,
      envelope?.id ?? null,
      envelope ? JSON.stringify(envelope) : null,
      envelope ? null : (letter.raw ?? ''),
      JSON.stringify(letter.headers ?? {}),
      letter.error.slice(0, MAX_ERROR_LENGTH),
      letter.deliveries,
    ],
  );
}

/** True while the event waits in the store for this consumer (not replayed yet). */
export async function hasOpenDeadLetter(db: SqlDriver, schema: string, consumer: string, eventId: string): Promise<boolean> {
  const s = checkSchemaName(schema);
  const rows = await db.query<unknown>(`SELECT 1 FROM ${s}.dead_letters WHERE consumer = $1 AND event_id = $2::uuid AND replayed_at IS NULL`, [
    consumer,
    eventId,
  ]);
  return rows.length > 0;
}

export interface ReplayRequest {
  id: string;
  consumer: string;
  subject: string;
  version: number | null;
  envelope: TEventEnvelope | null;
  headers: TraceHeaders;
}

export async function fetchReplayRequests(db: SqlDriver, schema: string, limit: number): Promise<ReplayRequest[]> {
  const s = checkSchemaName(schema);
  // jsonb and bigint as text, so every driver returns the same shapes.
  const rows = await db.query<{ id: string; consumer: string; subject: string; version: number | null; envelope: string | null; headers: string }>(
    `SELECT id::text AS id, consumer, subject, version, envelope::text AS envelope, headers::text AS headers
       FROM ${s}.dead_letters WHERE replay_requested_at IS NOT NULL ORDER BY id LIMIT $1::int`,
    [limit],
  );
  return rows.map((row) => ({
    id: row.id,
    consumer: row.consumer,
    subject: row.subject,
    version: row.version === null ? null : Number(row.version),
    envelope: row.envelope === null ? null : (JSON.parse(row.envelope) as TEventEnvelope),
    headers: JSON.parse(row.headers) as TraceHeaders,
  }));
}

export async function markReplayed(db: SqlDriver, schema: string, id: string): Promise<void> {
  const s = checkSchemaName(schema);
  await db.execute(
    `UPDATE ${s}.dead_letters SET replayed_at = now(), replay_requested_at = NULL, replay_attempts = replay_attempts + 1 WHERE id = $1::bigint`,
    [id],
  );
}

export async function markReplayFailed(db: SqlDriver, schema: string, id: string, error: string): Promise<void> {
  const s = checkSchemaName(schema);
  await db.execute(
    `UPDATE ${s}.dead_letters SET replay_requested_at = NULL, replay_attempts = replay_attempts + 1, error = $2, failed_at = now() WHERE id = $1::bigint`,
    [id, error.slice(0, MAX_ERROR_LENGTH)],
  );
}

/**
 * Account erasure (SECURITY 25): a dead letter keeps the whole event, with the addresses and names it
 * carried, so the letters whose event names the user (their id, or another term such as their
 * address, anywhere in the envelope or the unparsed text) are deleted, replayed or not. What they
 * would have applied is moot: the service has just erased that user, and its tombstone refuses
 * late writes about them. Answers how many went.
 */
export async function eraseDeadLettersNaming(db: SqlDriver, schema: string, terms: readonly string[]): Promise<number> {
  const s = checkSchemaName(schema);
  const wanted = terms.filter((term) => term.length > 0).map((term) => term.toLowerCase());
  if (wanted.length === 0) return 0;
  return db.execute(
    `DELETE FROM ${s}.dead_letters
      WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) AS term
                     WHERE strpos(lower(coalesce(envelope::text, raw)), term) > 0)`,
    [wanted],
  );
}

export interface DeadLetterSummary {
  id: string;
  consumer: string;
  subject: string;
  eventId: string | null;
  error: string;
  deliveries: number;
  failedAt: string;
  replayRequestedAt: string | null;
  replayedAt: string | null;
  replayAttempts: number;
}

/** The letters of one store, newest first; `open` leaves out the replayed ones. */
export async function listDeadLetters(db: SqlDriver, schema: string, options: { open?: boolean } = {}): Promise<DeadLetterSummary[]> {
  const s = checkSchemaName(schema);
  const rows = await db.query<Record<string, string | number | null>>(`SELECT id::text AS id, consumer, subject, event_id::text AS event_id, error, deliveries,
            failed_at::text AS failed_at, replay_requested_at::text AS replay_requested_at,
            replayed_at::text AS replayed_at, replay_attempts
       FROM ${s}.dead_letters ${options.open ? 'WHERE replayed_at IS NULL' : ''} ORDER BY id DESC`);
  return rows.map((row) => ({
    id: String(row.id),
    consumer: String(row.consumer),
    subject: String(row.subject),
    eventId: row.event_id === null ? null : String(row.event_id),
    error: String(row.error),
    deliveries: Number(row.deliveries),
    failedAt: String(row.failed_at),
    replayRequestedAt: row.replay_requested_at === null ? null : String(row.replay_requested_at),
    replayedAt: row.replayed_at === null ? null : String(row.replayed_at),
    replayAttempts: Number(row.replay_attempts),
  }));
}

/**
 * Asks the service to replay one letter (by id) or every letter not replayed yet; resolves to how
 * many were asked for. A replayed letter is not replayed again: the event has been applied.
 */
export async function requestDeadLetterReplay(db: SqlDriver, schema: string, id?: string): Promise<number> {
  const s = checkSchemaName(schema);
  // RETURNING, so the count comes back the same through every driver.
  const rows = await db.query<unknown>(
    `UPDATE ${s}.dead_letters SET replay_requested_at = now()
      WHERE replayed_at IS NULL AND envelope IS NOT NULL ${id === undefined ? '' : 'AND id = $1::bigint'}
      RETURNING id`,
    id === undefined ? [] : [id],
  );
  return rows.length;
}

/** Letters not replayed yet, per consumer (metrics, read at scrape time). */
export async function countOpenDeadLetters(db: SqlDriver, schema: string): Promise<Map<string, number>> {
  const s = checkSchemaName(schema);
  const rows = await db.query<{ consumer: string; letters: number }>(
    `SELECT consumer, count(*)::int AS letters FROM ${s}.dead_letters WHERE replayed_at IS NULL GROUP BY consumer`,
  );
  return new Map(rows.map((row) => [String(row.consumer), Number(row.letters)]));
}
