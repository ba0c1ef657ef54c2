-- Briefing service (spec 2.8, 2.14, 3 "Briefing document", 5 "Briefing document"): the documents,
-- read models kept from other services' events (members for author names, priorities for the
-- picker's link), deleted accounts' ids, and the outbox/inbox/dead-letter tables of the kit.
CREATE SCHEMA IF NOT EXISTS "briefing";

-- content is stored as it was sent (rendered as text by the front end, never as HTML).
CREATE TABLE "briefing"."documents" (
  "id"          UUID PRIMARY KEY,
  "title"       TEXT NOT NULL,
  "content"     TEXT NOT NULL,
  "type"        TEXT NOT NULL CHECK ("type" IN ('talking_point', 'document', 'research')),
  "priority_id" UUID,
  "author_id"   UUID NOT NULL,
  "is_public"   BOOLEAN NOT NULL DEFAULT true,
  "created_at"  TIMESTAMPTZ(3) NOT NULL
);

-- The list is newest first (id breaks ties so pages never overlap), optionally of one type; the
-- erasure and the counts read an author's documents.
CREATE INDEX "documents_created_at_idx" ON "briefing"."documents" ("created_at" DESC, "id" DESC);
CREATE INDEX "documents_type_created_at_idx" ON "briefing"."documents" ("type", "created_at" DESC, "id" DESC);
CREATE INDEX "documents_author_id_idx" ON "briefing"."documents" ("author_id");

-- Search is `title ILIKE '%term%' OR content ILIKE '%term%'`: a leading wildcard no B-tree serves, so a
-- trigram GIN index per column answers each ILIKE (as priorities' search, its migration
-- 20261201000100_search_trigram_index says why fastupdate is off). pg_trgm is trusted (PostgreSQL
-- 13+) and goes into public; PGlite loads it at start (services/kit/src/db/pglite-extensions.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE INDEX "documents_title_trgm_idx" ON "briefing"."documents" USING gin ("title" public.gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX "documents_content_trgm_idx" ON "briefing"."documents" USING gin ("content" public.gin_trgm_ops) WITH (fastupdate = off);

-- Read model from civic.auth.user.registered and civic.account.profile.updated (author names); each
-- update carries its commit time so an older one never wins.
CREATE TABLE "briefing"."members" (
  "user_id"            UUID PRIMARY KEY,
  "first_name"         TEXT,
  "last_name"          TEXT,
  "profile_updated_at" TIMESTAMPTZ(3)
);

-- Read model from civic.priorities.priority.created: a document's priorityId must name one.
CREATE TABLE "briefing"."priorities" (
  "priority_id" UUID PRIMARY KEY,
  "title"       TEXT NOT NULL,
  "created_at"  TIMESTAMPTZ(3) NOT NULL
);

-- Account erasure: the id of every deleted account, so an event or a request about it that arrives
-- late records nothing. Holds no personal data.
CREATE TABLE "briefing"."deleted_users" (
  "user_id"    UUID PRIMARY KEY,
  "deleted_at" TIMESTAMPTZ(3) NOT NULL
);

-- Outbox and inbox of the briefing service (services/kit/src/events/outbox-schema.ts).
CREATE TABLE IF NOT EXISTS briefing.outbox (
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

CREATE INDEX IF NOT EXISTS outbox_unpublished_idx ON briefing.outbox (seq) WHERE published_at IS NULL;

CREATE TABLE IF NOT EXISTS briefing.processed_events (
  consumer text NOT NULL,
  event_id uuid NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, event_id)
);

-- The consumer's dead-letter store (services/kit/src/events/dead-letters.ts, docs/protocols/events.md).
CREATE TABLE IF NOT EXISTS briefing.dead_letters (
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

CREATE UNIQUE INDEX IF NOT EXISTS dead_letters_event_idx ON briefing.dead_letters (consumer, event_id) WHERE event_id IS NOT NULL;

CREATE INDEX IF NOT EXISTS dead_letters_replay_idx ON briefing.dead_letters (id) WHERE replay_requested_at IS NOT NULL;
