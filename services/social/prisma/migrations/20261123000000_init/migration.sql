-- Social service, activities slice (spec 3 "Activity", 2.5, 2.9, 2.10, 2.11).
CREATE SCHEMA IF NOT EXISTS "social";

-- Written only by event consumers; source_event_id makes "one activity per event" a fact of the
-- table, beside the inbox (processed_events) that already drops redeliveries.
CREATE TABLE "social"."activities" (
  "id"              UUID PRIMARY KEY,
  "user_id"         UUID NOT NULL,
  "type"            TEXT NOT NULL CHECK ("type" IN ('create_priority', 'endorse', 'oppose', 'create_briefing', 'follow')),
  "description"     TEXT NOT NULL,
  "subject_id"      UUID,
  "source_event_id" UUID NOT NULL UNIQUE,
  "created_at"      TIMESTAMPTZ(3) NOT NULL
);

-- A user's own list and profile view; the network feed reads newest first across users.
CREATE INDEX "activities_user_id_created_at_idx" ON "social"."activities" ("user_id", "created_at" DESC);
CREATE INDEX "activities_created_at_idx" ON "social"."activities" ("created_at" DESC);

-- Read model from civic.auth.user.registered, civic.account.profile.updated and
-- civic.account.privacy.changed; each update carries its commit time so an older one never wins.
CREATE TABLE "social"."members" (
  "user_id"             UUID PRIMARY KEY,
  "first_name"          TEXT,
  "last_name"           TEXT,
  "profile_image_url"   TEXT,
  "activity_visibility" TEXT NOT NULL DEFAULT 'public' CHECK ("activity_visibility" IN ('public', 'private')),
  "profile_updated_at"  TIMESTAMPTZ(3),
  "privacy_changed_at"  TIMESTAMPTZ(3)
);

-- The erasure tombstone (deleted_users) is the kit's (services/kit/migrations/erasure).
