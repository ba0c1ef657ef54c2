-- Citizens' reports (issue 20): what content there is to report, the reports, and the automatic ban
-- they may request (src/reports/, docs/architecture.md "Reports and the automatic ban").

-- The content citizens can report, kept from the owners' events (civic.priorities.priority.created /
-- .removed, civic.briefing.document.created / .deleted) or, for an item the events have not brought
-- yet, from the owner's lookup. A removed or deleted item keeps its row with removed_at set, so a late
-- creation event or lookup cannot bring it back; it can no longer be reported.
CREATE TABLE "admin"."report_content" (
  "target_type" TEXT NOT NULL CHECK ("target_type" IN ('priority', 'briefing_doc')),
  "target_id"   UUID NOT NULL,
  "author_id"   UUID NOT NULL,
  "title"       TEXT NOT NULL,
  "created_at"  TIMESTAMPTZ(3) NOT NULL,
  "removed_at"  TIMESTAMPTZ(3),
  PRIMARY KEY ("target_type", "target_id")
);

CREATE INDEX "report_content_author_id_idx" ON "admin"."report_content" ("author_id");

-- One report per citizen per item (the UNIQUE constraint: a second one, however concurrent, is a 409).
-- author_id is the item's author when reported (what the automatic ban counts); eligible says whether
-- the reporter counted toward it (an account older than a day at the time; banned ones cannot report).
CREATE TABLE "admin"."reports" (
  "id"          UUID PRIMARY KEY,
  "reporter_id" UUID NOT NULL,
  "target_type" TEXT NOT NULL CHECK ("target_type" IN ('priority', 'briefing_doc')),
  "target_id"   UUID NOT NULL,
  "author_id"   UUID NOT NULL,
  "reason"      TEXT NOT NULL,
  "eligible"    BOOLEAN NOT NULL,
  "created_at"  TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "reports_reporter_target_key" UNIQUE ("reporter_id", "target_type", "target_id")
);

CREATE INDEX "reports_target_idx" ON "admin"."reports" ("target_type", "target_id", "created_at" DESC);
CREATE INDEX "reports_author_idx" ON "admin"."reports" ("author_id", "created_at") WHERE "eligible";

-- Per reported author: the row every report about them locks (so two concurrent reports count one
-- after the other and the threshold is never stepped over unseen), the current episode, and whether
-- they are an administrator (never banned automatically). An unban (civic.auth.user.standing_changed)
-- starts a new episode: only reports from episode_started_at on count toward the next automatic ban.
CREATE TABLE "admin"."report_authors" (
  "author_id"          UUID PRIMARY KEY,
  "episode"            INTEGER NOT NULL DEFAULT 0,
  "episode_started_at" TIMESTAMPTZ(3),
  "is_admin"           BOOLEAN NOT NULL DEFAULT false,
  "standing_version"   INTEGER NOT NULL DEFAULT 0
);

-- The automatic bans requested: one per author and episode, so however many reports cross the
-- threshold at once, civic.admin.user.auto_ban_requested is written to the outbox once.
CREATE TABLE "admin"."auto_ban_requests" (
  "author_id"    UUID NOT NULL,
  "episode"      INTEGER NOT NULL,
  "report_count" INTEGER NOT NULL,
  "threshold"    INTEGER NOT NULL,
  "requested_at" TIMESTAMPTZ(3) NOT NULL,
  PRIMARY KEY ("author_id", "episode")
);

-- When each reporter's account was created (rpc.auth.user_lookup, asked at their first report; it never
-- changes): a reporter counts toward an automatic ban only once their account is a day old.
CREATE TABLE "admin"."report_reporters" (
  "user_id"       UUID PRIMARY KEY,
  "registered_at" TIMESTAMPTZ(3) NOT NULL
);
