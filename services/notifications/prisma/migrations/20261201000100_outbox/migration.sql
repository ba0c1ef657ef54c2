-- Outbox and inbox of the notifications service (services/kit/src/events/outbox-schema.ts).
CREATE SCHEMA IF NOT EXISTS notifications;

CREATE TABLE IF NOT EXISTS notifications.outbox (
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
);

CREATE INDEX IF NOT EXISTS outbox_unpublished_idx ON notifications.outbox (seq) WHERE published_at IS NULL;

CREATE TABLE IF NOT EXISTS notifications.processed_events (
  consumer text NOT NULL,
  event_id uuid NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, event_id)
);
