-- The consumer's dead-letter store (src/events/dead-letters.ts, docs/protocols/events.md).
CREATE TABLE IF NOT EXISTS ${schema}.dead_letters (
  id bigserial PRIMARY KEY,
  consumer text NOT NULL,
  subject text NOT NULL,
  version integer,
  event_id uuid,
  envelope jsonb,
  raw text,
  headers jsonb NOT NULL DEFAULT '{}'::jsonb,
  error text NOT NULL,
  deliveries integer NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now(),
  replay_requested_at timestamptz,
  replayed_at timestamptz,
  replay_attempts integer NOT NULL DEFAULT 0,
  CHECK (envelope IS NOT NULL OR raw IS NOT NULL)
);

-- One open letter per consumer and event: a replay that fails again updates it.
CREATE UNIQUE INDEX IF NOT EXISTS dead_letters_event_idx ON ${schema}.dead_letters (consumer, event_id) WHERE event_id IS NOT NULL;

CREATE INDEX IF NOT EXISTS dead_letters_replay_idx ON ${schema}.dead_letters (id) WHERE replay_requested_at IS NOT NULL;
