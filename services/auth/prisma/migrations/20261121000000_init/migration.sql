-- Auth service: users, sign-in requests and their rate-limit ledgers.
CREATE SCHEMA IF NOT EXISTS "auth";

CREATE TABLE "auth"."users" (
  "id"               UUID PRIMARY KEY,
  "email"            TEXT NOT NULL CHECK (length("email") BETWEEN 3 AND 254),
  "email_normalized" TEXT NOT NULL CHECK ("email_normalized" = lower(btrim("email_normalized"))),
  "is_admin"         BOOLEAN NOT NULL DEFAULT false,
  "is_banned"        BOOLEAN NOT NULL DEFAULT false,
  "created_at"       TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "last_sign_in_at"  TIMESTAMPTZ(3)
);
CREATE UNIQUE INDEX "users_email_normalized_key" ON "auth"."users" ("email_normalized");

CREATE TABLE "auth"."sign_in_states" (
  "id"               UUID PRIMARY KEY,
  "email_normalized" TEXT NOT NULL,
  "method"           TEXT NOT NULL CHECK ("method" IN ('otp', 'magic_link')),
  "code_hash"        TEXT,
  "token_hash"       TEXT,
  "browser_hash"     TEXT NOT NULL,
  -- A request is dead after 5 wrong codes (SECURITY 1); the database refuses a sixth count.
  "failed_attempts"  INTEGER NOT NULL DEFAULT 0 CHECK ("failed_attempts" BETWEEN 0 AND 5),
  "created_at"       TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "last_sent_at"     TIMESTAMPTZ(3) NOT NULL,
  "expires_at"       TIMESTAMPTZ(3) NOT NULL,
  "consumed_at"      TIMESTAMPTZ(3),
  CHECK (("method" = 'otp') = ("code_hash" IS NOT NULL)),
  CHECK (("method" = 'magic_link') = ("token_hash" IS NOT NULL))
);
CREATE UNIQUE INDEX "sign_in_states_token_hash_key" ON "auth"."sign_in_states" ("token_hash");
CREATE INDEX "sign_in_states_email_normalized_created_at_idx" ON "auth"."sign_in_states" ("email_normalized", "created_at");

CREATE TABLE "auth"."sign_in_failures" (
  "id"               BIGSERIAL PRIMARY KEY,
  "email_normalized" TEXT NOT NULL,
  "occurred_at"      TIMESTAMPTZ(3) NOT NULL
);
CREATE INDEX "sign_in_failures_email_normalized_occurred_at_idx" ON "auth"."sign_in_failures" ("email_normalized", "occurred_at");

CREATE TABLE "auth"."sign_in_mails" (
  "id"               BIGSERIAL PRIMARY KEY,
  "email_normalized" TEXT NOT NULL,
  "ip"               TEXT NOT NULL,
  "sent_at"          TIMESTAMPTZ(3) NOT NULL
);
CREATE INDEX "sign_in_mails_email_normalized_sent_at_idx" ON "auth"."sign_in_mails" ("email_normalized", "sent_at");
CREATE INDEX "sign_in_mails_ip_sent_at_idx" ON "auth"."sign_in_mails" ("ip", "sent_at");
