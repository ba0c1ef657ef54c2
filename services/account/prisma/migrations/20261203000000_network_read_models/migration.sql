-- Issue 18: what the profile answer and the Discover search need of other services' data, kept from
-- their events (account's read models; the owners are the ledger and social).

-- A user's standing (spec 2.10 "PC/followers/following on every profile"): political capital from
-- civic.ledger.balance.changed, the counts from civic.social.counts.changed. Each part carries the
-- version it came with and is applied only when newer, since events of one user can arrive out of
-- order. A row is made by whichever event arrives first.
CREATE TABLE "account"."standings" (
  "user_id"                   UUID PRIMARY KEY,
  "political_capital"         INTEGER NOT NULL DEFAULT 0,
  "political_capital_version" INTEGER NOT NULL DEFAULT 0,
  "followers"                 INTEGER NOT NULL DEFAULT 0,
  "following"                 INTEGER NOT NULL DEFAULT 0,
  "counts_version"            INTEGER NOT NULL DEFAULT 0
);

-- Follow edges (civic.social.follow.changed): the profile's isFollowing. One row per pair that ever
-- changed, with the state of its latest change (changed_at orders them: the event has no version).
CREATE TABLE "account"."follows" (
  "follower_id" UUID NOT NULL,
  "followee_id" UUID NOT NULL,
  "following"   BOOLEAN NOT NULL,
  "changed_at"  TIMESTAMPTZ(3) NOT NULL,
  PRIMARY KEY ("follower_id", "followee_id")
);
CREATE INDEX "follows_followee_id_idx" ON "account"."follows" ("followee_id");

-- Blocks (civic.social.block.changed): isBlocked/isBlockedBy and who Discover leaves out. Per pair the
-- state of the highest version (the blocker's sequence number in social) wins.
CREATE TABLE "account"."blocks" (
  "blocker_id" UUID NOT NULL,
  "blocked_id" UUID NOT NULL,
  "blocked"    BOOLEAN NOT NULL,
  "version"    INTEGER NOT NULL,
  PRIMARY KEY ("blocker_id", "blocked_id")
);
CREATE INDEX "blocks_blocked_id_idx" ON "account"."blocks" ("blocked_id");

-- Discover (GET /api/users/search): first, last or full name containing the term, case-insensitive.
-- One trigram index on the full name serves all three (a first or last name is part of it); pg_trgm
-- as in priorities' search index (PGlite loads it at start: services/kit/src/db/pglite-extensions.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE INDEX "profiles_full_name_trgm_idx" ON "account"."profiles"
  USING gin ((coalesce("first_name", '') || ' ' || coalesce("last_name", '')) public.gin_trgm_ops) WITH (fastupdate = off);
