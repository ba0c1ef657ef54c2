// DDL for a service's outbox (events waiting to be published) and processed_events (its inbox).
// Services copy outboxMigrationSql(<schema>) into their first migration.
import { checkSchemaName } from './sql-names.ts';

/** The statements one by one, for drivers that run a single statement per call (Prisma raw, tests). */
export function outboxMigrationStatements(schema: string): string[] {
  const s = checkSchemaName(schema);
  return [
    `CREATE SCHEMA IF NOT EXISTS ${s}`,
    // attempts/next_attempt_at/last_error: bookkeeping for retries; published_at means "handed over"
    // (JetStream acknowledged it, or every in-process subscriber settled it).
    `CREATE TABLE IF NOT EXISTS ${s}.outbox (
  id uuid PRIMARY KEY,
  seq bigserial NOT NULL UNIQUE,
  subject text NOT NULL,
  version integer NOT NULL,
  payload jsonb NOT NULL,
  headers jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  last_error text
)`,
    // The relay only ever scans unpublished rows in seq order; the partial index keeps that scan
    // small however long the published history grows.
    `CREATE INDEX IF NOT EXISTS outbox_unpublished_idx ON ${s}.outbox (seq) WHERE published_at IS NULL`,
    `CREATE TABLE IF NOT EXISTS ${s}.processed_events (
  consumer text NOT NULL,
  event_id uuid NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, event_id)
)`,
  ];
}

export function outboxMigrationSql(schema: string): string {
  return outboxMigrationStatements(schema)
    .map((statement) => `${statement};\n`)
    .join('\n');
}
