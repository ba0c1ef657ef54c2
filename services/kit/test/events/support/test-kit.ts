// Shared test helpers: a recording logger, unique names per run, and polling until a condition holds.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { defineEvent, type TEventEnvelope } from '@civic/contracts/shared/define-event';
import type { EventLogger } from '../../../src/events/event-logger.ts';
import type { SqlDriver } from '../../../src/db/sql-driver.ts';
import { outboxMigrationStatements } from '../../../src/events/outbox-schema.ts';
import { deadLetterMigrationStatements } from '../../../src/events/dead-letters.ts';

export interface LogLine {
  level: 'info' | 'warn' | 'error' | 'debug';
  fields: object;
  message?: string;
}

export function recordingLogger(echo = process.env.TEST_EVENTS_LOG === '1'): EventLogger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: LogLine['level']) => (fields: object, message?: string) => {
    lines.push({ level, fields, message });
    if (echo) console.log(level, message, JSON.stringify(fields));
  };
  return { lines, info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') };
}

/** A lower-case token unique to this run, for stream namespaces and service names. */
export function uniqueToken(): string {
  return `t${randomBytes(5).toString('hex')}`;
}

/** Service names in subjects are letters only (defineEvent's rule). */
export function uniqueServiceName(): string {
  return `svc${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;
}

export const ZThingCreated = z.object({ thingId: z.string().uuid(), label: z.string() });

/** A test event of a unique producer (so its stream is unique) with a payload the tests can count. */
export function defineThingCreated(service: string) {
  return defineEvent(`civic.${service}.thing.created`, 1, ZThingCreated);
}

export async function migrate(db: SqlDriver, schema: string): Promise<void> {
  for (const statement of [...outboxMigrationStatements(schema), ...deadLetterMigrationStatements(schema)]) await db.execute(statement);
  // The consumer's state in these tests: one row per thing it has heard of, plus a counter of effects.
  await db.execute(`CREATE TABLE IF NOT EXISTS ${schema}.things (id uuid PRIMARY KEY, label text NOT NULL, seen integer NOT NULL DEFAULT 1)`);
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
}

export async function countRows(db: SqlDriver, sql: string, ...values: unknown[]): Promise<number> {
  const rows = await db.query<{ n: string | number }>(sql, values);
  return Number(rows[0]?.n ?? 0);
}

/** Runs every cleanup step even when one fails (a leaked NATS connection would keep the test process alive). */
export async function runAll(steps: (() => Promise<unknown>)[]): Promise<void> {
  const failures: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, 'cleanup failed');
}

/** The consumer's effect: remember the thing; `seen` would go above 1 if an event were applied twice. */
export function recordThing(calls: string[] = []) {
  return async (payload: { thingId: string; label: string }, { tx, envelope }: { tx: SqlDriver; envelope: TEventEnvelope }) => {
    calls.push(envelope.id);
    await tx.execute(
      `INSERT INTO consumer.things (id, label) VALUES ($1::uuid, $2)
       ON CONFLICT (id) DO UPDATE SET seen = consumer.things.seen + 1`,
      [payload.thingId, payload.label],
    );
  };
}

/** How many things the consumer holds, the most times one was applied, and its processed-event count. */
export async function consumerState(db: SqlDriver): Promise<{ things: number; maxSeen: number; processed: number }> {
  const rows = await db.query<{ things: number; max_seen: number | null }>(`SELECT count(*)::int AS things, max(seen) AS max_seen FROM consumer.things`);
  const processed = await countRows(db, `SELECT count(*)::int AS n FROM consumer.processed_events`);
  return { things: rows[0]!.things, maxSeen: rows[0]!.max_seen ?? 0, processed };
}
