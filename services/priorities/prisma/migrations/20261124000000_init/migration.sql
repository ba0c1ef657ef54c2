-- Priorities service (spec 2.5-2.7, 2.13, 3 "Priority", "Issue", "Stats", 4 votes; docs/ranking.md).
CREATE SCHEMA IF NOT EXISTS "priorities";

-- The catalogue of national issues; rows come from the issue_catalogue migration, ids are stable.
CREATE TABLE "priorities"."issues" (
  "id"       INTEGER PRIMARY KEY,
  "title"    TEXT NOT NULL UNIQUE,
  "category" TEXT NOT NULL CHECK ("category" IN ('Economy', 'Healthcare', 'Education', 'Environment', 'Foreign Policy'))
);
CREATE INDEX "issues_category_idx" ON "priorities"."issues" ("category");

-- Tallies are maintained in the vote's transaction; score is generated from them, so it can never
-- disagree with the counts. Lengths are checked by the API (spec 5); the upper bounds here only
-- guard the table (a JavaScript length is never below PostgreSQL's character count).
CREATE TABLE "priorities"."priorities" (
  "id"              UUID PRIMARY KEY,
  "title"           TEXT NOT NULL CHECK (char_length("title") <= 200),
  "description"     TEXT NOT NULL CHECK (char_length("description") <= 1000),
  "issue_id"        INTEGER REFERENCES "priorities"."issues" ("id"),
  "author_id"       UUID,
  "created_at"      TIMESTAMPTZ(3) NOT NULL,
  "endorsements"    INTEGER NOT NULL DEFAULT 0 CHECK ("endorsements" >= 0),
  "oppositions"     INTEGER NOT NULL DEFAULT 0 CHECK ("oppositions" >= 0),
  "promotion_boost" INTEGER NOT NULL DEFAULT 0 CHECK ("promotion_boost" >= 0),
  "score"           INTEGER NOT NULL GENERATED ALWAYS AS ("endorsements" - "oppositions" + "promotion_boost") STORED,
  "is_active"       BOOLEAN NOT NULL DEFAULT true
);

-- The rank order of docs/ranking.md after the ranked/unranked split: a read of the top 50 walks this
-- index from its start and stops after 50 rows; a vote moves one entry (O(log n)).
CREATE INDEX "priorities_rank_idx" ON "priorities"."priorities" ("score" DESC, "endorsements" DESC, "created_at" ASC, "id" ASC) WHERE "is_active";
-- The daily limit and the export look up a user's priorities; erasure detaches them.
CREATE INDEX "priorities_author_id_created_at_idx" ON "priorities"."priorities" ("author_id", "created_at");
CREATE INDEX "priorities_issue_id_idx" ON "priorities"."priorities" ("issue_id");

-- One vote per user and priority, whatever the concurrency (SECURITY 18): a primary key over two
-- NOT NULL columns. Removing a vote deletes its row.
CREATE TABLE "priorities"."votes" (
  "priority_id" UUID NOT NULL REFERENCES "priorities"."priorities" ("id") ON DELETE CASCADE,
  "user_id"     UUID NOT NULL,
  "vote_type"   TEXT NOT NULL CHECK ("vote_type" IN ('endorse', 'oppose')),
  "voted_at"    TIMESTAMPTZ(3) NOT NULL,
  PRIMARY KEY ("priority_id", "user_id")
);
CREATE INDEX "votes_user_id_idx" ON "priorities"."votes" ("user_id");

-- vote_change_cooldown_hours: when a user last switched or removed their vote on a priority. Kept
-- after the vote is removed, so "remove, re-cast, remove" cannot dodge the cooldown.
CREATE TABLE "priorities"."vote_changes" (
  "priority_id"     UUID NOT NULL REFERENCES "priorities"."priorities" ("id") ON DELETE CASCADE,
  "user_id"         UUID NOT NULL,
  "last_changed_at" TIMESTAMPTZ(3) NOT NULL,
  PRIMARY KEY ("priority_id", "user_id")
);
CREATE INDEX "vote_changes_user_id_idx" ON "priorities"."vote_changes" ("user_id");

-- max_priorities_per_user_per_day: one row per user and UTC day, incremented only while below the
-- limit, in the creating transaction (the row lock serialises concurrent creates of one user).
CREATE TABLE "priorities"."daily_priority_counts" (
  "user_id" UUID NOT NULL,
  "day"     DATE NOT NULL,
  "created" INTEGER NOT NULL CHECK ("created" >= 0),
  PRIMARY KEY ("user_id", "day")
);

-- Read model from civic.auth.user.registered and civic.account.profile.updated: author names and
-- the Active Citizens tile (registered minus deleted).
CREATE TABLE "priorities"."members" (
  "user_id"            UUID PRIMARY KEY,
  "first_name"         TEXT,
  "last_name"          TEXT,
  "profile_updated_at" TIMESTAMPTZ(3)
);

-- The erasure tombstone (deleted_users) is the kit's (services/kit/migrations/erasure).

-- From civic.briefing.document.created: the Talking Points tile counts them.
CREATE TABLE "priorities"."briefing_documents" (
  "document_id" UUID PRIMARY KEY,
  "created_at"  TIMESTAMPTZ(3) NOT NULL
);
