-- Briefing service (spec 2.8, 2.14, 3 "Briefing document", 5 "Briefing document"): the documents,
-- read models kept from other services' events (members for author names, priorities for the
-- picker's link) and deleted accounts' ids. The kit's outbox/inbox and dead-letter tables follow in
-- their own migrations (checked against the kit's DDL by test/schema-drift.test.ts and
-- test/dead-letter-migrations.test.ts).
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

-- The erasure tombstone (deleted_users) is the kit's (services/kit/migrations/erasure).
