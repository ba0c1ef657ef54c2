-- A service's outbox (events waiting to be published) and inbox (processed_events), in its schema.
-- attempts/next_attempt_at/last_error: bookkeeping for retries; published_at means "handed over"
-- (JetStream acknowledged it, or every in-process subscriber settled it).
CREATE TABLE IF NOT EXISTS ${schema}.outbox (
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

-- The relay only ever scans unpublished rows in seq order; the partial index keeps that scan small
-- however long the published history grows.
CREATE INDEX IF NOT EXISTS outbox_unpublished_idx ON ${schema}.outbox (seq) WHERE published_at IS NULL;

CREATE TABLE IF NOT EXISTS ${schema}.processed_events (
  consumer text NOT NULL,
  event_id uuid NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, event_id)
);
