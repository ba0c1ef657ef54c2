-- Notifications service (issue 22): read models of whom to mail and what they allow, the
-- notifications waiting for a recipient's next mail, the mail queue and the unsubscribe links used.
CREATE SCHEMA IF NOT EXISTS "notifications";

-- Who can be mailed and what they allow, from auth's registration (the address), account's profile
-- (names), privacy and settings events. Each carries its order (commit time or version) so an older
-- event never wins. last_mail_at spaces a citizen's notification mails (one per interval).
CREATE TABLE "notifications"."members" (
  "user_id"                UUID PRIMARY KEY,
  "email"                  TEXT,
  "first_name"             TEXT,
  "last_name"              TEXT,
  "profile_updated_at"     TIMESTAMPTZ(3),
  "activity_visibility"    TEXT NOT NULL DEFAULT 'public' CHECK ("activity_visibility" IN ('public', 'private')),
  "profile_visibility"     TEXT NOT NULL DEFAULT 'public' CHECK ("profile_visibility" IN ('public', 'private')),
  "privacy_changed_at"     TIMESTAMPTZ(3),
  "email_notifications"    BOOLEAN NOT NULL DEFAULT true,
  "activity_notifications" BOOLEAN NOT NULL DEFAULT true,
  "priority_notifications" BOOLEAN NOT NULL DEFAULT true,
  "settings_version"       INTEGER NOT NULL DEFAULT 0,
  "last_mail_at"           TIMESTAMPTZ(3)
);

-- The priorities whose authors are told about them (from priorities' events); a removed one is gone.
CREATE TABLE "notifications"."priorities" (
  "priority_id" UUID PRIMARY KEY,
  "author_id"   UUID,
  "title"       TEXT NOT NULL
);
CREATE INDEX "priorities_author_id_idx" ON "notifications"."priorities" ("author_id");

-- Follow edges (social's FollowChanged): who hears of a citizen's new priority or document.
CREATE TABLE "notifications"."follows" (
  "follower_id" UUID NOT NULL,
  "followee_id" UUID NOT NULL,
  PRIMARY KEY ("follower_id", "followee_id")
);
CREATE INDEX "follows_followee_id_idx" ON "notifications"."follows" ("followee_id");

-- Each pair's newest block state (social's BlockChanged, ordered by the blocker's version): an
-- unblocked pair keeps its row so a late older "blocked" cannot win.
CREATE TABLE "notifications"."blocks" (
  "blocker_id" UUID NOT NULL,
  "blocked_id" UUID NOT NULL,
  "blocked"    BOOLEAN NOT NULL,
  "version"    INTEGER NOT NULL,
  PRIMARY KEY ("blocker_id", "blocked_id")
);
CREATE INDEX "blocks_blocked_id_idx" ON "notifications"."blocks" ("blocked_id");

-- A notification waiting for its recipient's next mail (the batch). One per event and recipient,
-- whatever is redelivered. queued_at is this service's clock: it decides when the batch is due.
CREATE TABLE "notifications"."pending" (
  "id"              BIGSERIAL PRIMARY KEY,
  "recipient_id"    UUID NOT NULL,
  "kind"            TEXT NOT NULL CHECK ("kind" IN ('endorsed', 'opposed', 'entered_top_ten', 'promoted', 'followed', 'followee_priority', 'followee_document', 'recruit_joined')),
  "actor_id"        UUID,
  "subject_id"      UUID,
  "subject_title"   TEXT,
  "occurred_at"     TIMESTAMPTZ(3) NOT NULL,
  "queued_at"       TIMESTAMPTZ(3) NOT NULL,
  "source_event_id" UUID NOT NULL,
  UNIQUE ("source_event_id", "recipient_id"),
  CHECK ("actor_id" IS NULL OR "actor_id" <> "recipient_id")
);
CREATE INDEX "pending_recipient_id_queued_at_idx" ON "notifications"."pending" ("recipient_id", "queued_at");
CREATE INDEX "pending_actor_id_idx" ON "notifications"."pending" ("actor_id");

-- The mail queue: a composed mail waits here until the mailer took it (sent_at), retried with backoff
-- until it failed MAX_ATTEMPTS times (failed_at). A sent or failed mail keeps no text and names nobody
-- (data minimisation); its row says when and how many notifications it held. actor_ids are the
-- citizens an unsent mail tells about: erasing one of them deletes the mail.
CREATE TABLE "notifications"."mails" (
  "id"                 UUID PRIMARY KEY,
  "recipient_id"       UUID NOT NULL,
  "kind"               TEXT NOT NULL CHECK ("kind" IN ('digest', 'removal_notice')),
  "to_address"         TEXT,
  "subject"            TEXT,
  "text_body"          TEXT,
  "html_body"          TEXT,
  "headers"            JSONB,
  "notification_count" INTEGER NOT NULL CHECK ("notification_count" >= 0),
  "actor_ids"          UUID[] NOT NULL DEFAULT '{}',
  "created_at"         TIMESTAMPTZ(3) NOT NULL,
  "sent_at"            TIMESTAMPTZ(3),
  "failed_at"          TIMESTAMPTZ(3),
  "attempts"           INTEGER NOT NULL DEFAULT 0,
  "next_attempt_at"    TIMESTAMPTZ(3) NOT NULL,
  "last_error"         TEXT,
  -- Mails still to send hold what they will send; sent or failed ones hold none of it.
  CHECK (("sent_at" IS NULL AND "failed_at" IS NULL) = ("to_address" IS NOT NULL AND "subject" IS NOT NULL AND "text_body" IS NOT NULL AND "html_body" IS NOT NULL)),
  CHECK ("sent_at" IS NULL OR "failed_at" IS NULL)
);
CREATE INDEX "mails_next_attempt_at_idx" ON "notifications"."mails" ("next_attempt_at") WHERE "sent_at" IS NULL AND "failed_at" IS NULL;
CREATE INDEX "mails_recipient_id_idx" ON "notifications"."mails" ("recipient_id");

-- The unsubscribe links used: each link (its id is inside the signed token) works once.
CREATE TABLE "notifications"."unsubscribe_uses" (
  "link_id" UUID PRIMARY KEY,
  "user_id" UUID NOT NULL,
  "switch"  TEXT NOT NULL CHECK ("switch" IN ('emailNotifications', 'activityNotifications', 'priorityNotifications')),
  "used_at" TIMESTAMPTZ(3) NOT NULL
);
CREATE INDEX "unsubscribe_uses_user_id_idx" ON "notifications"."unsubscribe_uses" ("user_id");

-- The erasure tombstone (deleted_users) is the kit's (services/kit/migrations/erasure).

-- A vote or promotion whose priority is not known yet: events of different subjects have no order
-- between them, so it can arrive before the priority's creation. Kept until the creation arrives, or
-- the dispatcher asks the priorities service (outside any transaction) who wrote it.
CREATE TABLE "notifications"."parked" (
  "source_event_id" UUID PRIMARY KEY,
  "priority_id"     UUID NOT NULL,
  "kind"            TEXT NOT NULL CHECK ("kind" IN ('endorsed', 'opposed', 'promoted')),
  "actor_id"        UUID NOT NULL,
  "subject_title"   TEXT,
  "occurred_at"     TIMESTAMPTZ(3) NOT NULL,
  "parked_at"       TIMESTAMPTZ(3) NOT NULL
);
CREATE INDEX "parked_priority_id_idx" ON "notifications"."parked" ("priority_id");
CREATE INDEX "parked_actor_id_idx" ON "notifications"."parked" ("actor_id");
