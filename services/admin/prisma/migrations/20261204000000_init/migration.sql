-- Admin service (issue 19; spec 2.12, 3 "Platform setting", "Audit log", "Announcement"): platform
-- settings, the hash-chained audit log and announcements, and deleted accounts' ids. The kit's
-- outbox/inbox and dead-letter tables follow in their own migrations.
CREATE SCHEMA IF NOT EXISTS "admin";

-- One row per setting key; the spec 9 defaults are inserted at start (src/settings/seed-settings.ts)
-- from contracts, the one list of keys. `revision` counts changes; `published_revision` is the last
-- one the settings bucket is known to hold, so a change committed but not yet published (a crash, NATS
-- away) is published again by the next start or the repair job.
CREATE TABLE "admin"."platform_settings" (
  "key"                TEXT PRIMARY KEY,
  "value"              TEXT NOT NULL,
  "description"        TEXT NOT NULL,
  "category"           TEXT NOT NULL CHECK ("category" IN ('registration', 'political_capital', 'voting', 'moderation')),
  "revision"           BIGINT NOT NULL DEFAULT 1,
  "published_revision" BIGINT NOT NULL DEFAULT 0,
  "updated_at"         TIMESTAMPTZ(3),
  "updated_by"         UUID
);

-- The audit log: append-only and hash-chained (docs/architecture.md "Audit log"). Entries are
-- appended one at a time under an advisory lock, so `seq` order is chain order; each `hash` is
-- SHA-256(prev_hash ‖ canonical JSON of the entry), the entry naming its administrator by a
-- pseudonym (admin_ref) whose link to the account lives in audit_admins, which erasure deletes.
CREATE TABLE "admin"."audit_logs" (
  "id"              UUID PRIMARY KEY,
  "seq"             BIGSERIAL NOT NULL UNIQUE,
  "admin_ref"       UUID NOT NULL,
  "action"          TEXT NOT NULL CHECK ("action" IN ('grant_admin', 'revoke_admin', 'ban_user', 'unban_user', 'delete_priority', 'delete_briefing_doc', 'update_setting', 'create_announcement', 'update_announcement', 'delete_announcement', 'update_user', 'delete_content')),
  "target_type"     TEXT NOT NULL CHECK ("target_type" IN ('user', 'priority', 'briefing_doc', 'setting', 'announcement')),
  "target_id"       TEXT,
  "details"         JSONB NOT NULL DEFAULT '{}'::jsonb,
  "created_at"      TIMESTAMPTZ(3) NOT NULL,
  -- The request that made it (the gateway's request id; null for an entry from an event).
  "request_id"      TEXT,
  -- The event an entry was made from (another service's action): each is logged once.
  "source_event_id" UUID UNIQUE,
  "prev_hash"       TEXT NOT NULL,
  "hash"            TEXT NOT NULL
);

CREATE INDEX "audit_logs_created_at_idx" ON "admin"."audit_logs" ("created_at" DESC, "seq" DESC);
CREATE INDEX "audit_logs_action_created_at_idx" ON "admin"."audit_logs" ("action", "created_at" DESC, "seq" DESC);

-- Append-only: no UPDATE, DELETE or TRUNCATE, whoever asks (the runtime role also lacks the privileges,
-- src/app.ts appendOnlyTables); the owner must disable the trigger to alter history, and verification
-- then names the entry.
CREATE FUNCTION "admin"."refuse_audit_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit entries are append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER "audit_logs_append_only" BEFORE UPDATE OR DELETE ON "admin"."audit_logs"
  FOR EACH ROW EXECUTE FUNCTION "admin"."refuse_audit_change"();
CREATE TRIGGER "audit_logs_no_truncate" BEFORE TRUNCATE ON "admin"."audit_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION "admin"."refuse_audit_change"();

-- Who each pseudonym is: the only place an audit entry's administrator is named. Erasing an account
-- deletes its row, so its entries stay (and the chain still verifies) without naming anyone.
CREATE TABLE "admin"."audit_admins" (
  "admin_id"  UUID PRIMARY KEY,
  "admin_ref" UUID NOT NULL UNIQUE
);

-- Where a local action came from: the client's address (SECURITY 23). Outside the chain because it
-- is personal data: erasure deletes the rows of the erased administrator's entries.
CREATE TABLE "admin"."audit_origins" (
  "entry_id" UUID PRIMARY KEY REFERENCES "admin"."audit_logs" ("id"),
  "ip"       TEXT NOT NULL
);

-- Announcements (spec 3, 5): shown to citizens while active and not past show_until.
CREATE TABLE "admin"."announcements" (
  "id"         UUID PRIMARY KEY,
  "title"      TEXT NOT NULL,
  "content"    TEXT NOT NULL,
  "type"       TEXT NOT NULL DEFAULT 'info' CHECK ("type" IN ('info', 'success', 'warning', 'critical')),
  "is_active"  BOOLEAN NOT NULL DEFAULT true,
  "show_until" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL
);

CREATE INDEX "announcements_created_at_idx" ON "admin"."announcements" ("created_at" DESC, "id" DESC);

-- The erasure tombstone (deleted_users) is the kit's (services/kit/migrations/erasure).
