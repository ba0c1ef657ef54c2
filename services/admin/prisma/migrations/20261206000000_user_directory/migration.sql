-- Issue 20: the users page's read model (spec 2.12 "User Management"). One row per account, kept from
-- the owners' events (src/users/*): auth's registration and standing, account's profile (names,
-- image), the ledger's balance, social's follower count; erasure deletes the row. Each owner's part
-- carries its own version and an older event never overwrites a newer one, whatever order the
-- streams deliver them in. A row can exist before its registration arrives (a balance event overtook
-- it): `email` is null until then and the page does not show it.
CREATE TABLE "admin"."user_directory" (
  "id"                        UUID PRIMARY KEY,
  "email"                     TEXT,
  "created_at"                TIMESTAMPTZ(3),
  "first_name"                TEXT,
  "last_name"                 TEXT,
  "profile_image_url"         TEXT,
  "profile_updated_at"        TIMESTAMPTZ(3),
  "political_capital"         INTEGER NOT NULL DEFAULT 0,
  "political_capital_version" INTEGER NOT NULL DEFAULT 0,
  "followers"                 INTEGER NOT NULL DEFAULT 0,
  "followers_version"         INTEGER NOT NULL DEFAULT 0,
  "is_admin"                  BOOLEAN NOT NULL DEFAULT false,
  "is_banned"                 BOOLEAN NOT NULL DEFAULT false,
  "approval_status"           TEXT NOT NULL DEFAULT 'approved' CHECK ("approval_status" IN ('approved', 'pending', 'rejected')),
  "standing_version"          INTEGER NOT NULL DEFAULT 0
);

-- A page is one index walk, newest first (ties by id): the whole list, and each status filter's own
-- partial index so a rare status (pending, banned, admin) does not scan past every active row.
CREATE INDEX "user_directory_page_idx" ON "admin"."user_directory" ("created_at" DESC, "id" DESC) WHERE "email" IS NOT NULL;
CREATE INDEX "user_directory_admin_idx" ON "admin"."user_directory" ("created_at" DESC, "id" DESC) WHERE "email" IS NOT NULL AND "is_admin";
CREATE INDEX "user_directory_banned_idx" ON "admin"."user_directory" ("created_at" DESC, "id" DESC) WHERE "email" IS NOT NULL AND "is_banned";
CREATE INDEX "user_directory_pending_idx" ON "admin"."user_directory" ("created_at" DESC, "id" DESC) WHERE "email" IS NOT NULL AND "approval_status" = 'pending';

-- Search by name or e-mail (a substring, any case): one trigram index over the text the search reads
-- (src/users/list-users.ts spells the same expression). pg_trgm is trusted (PostgreSQL 13+) and
-- PGlite loads it (services/kit/src/db/pglite-extensions.ts); fastupdate off as in briefing's search.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE INDEX "user_directory_search_trgm_idx" ON "admin"."user_directory"
  USING gin ((coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("email", '')) public.gin_trgm_ops) WITH (fastupdate = off);

-- Rebuilds of the directory from scratch (`npm run admin:rebuild-directory`, src/users/rebuild-*.ts):
-- the command asks by adding a row; a running admin service claims it, empties the directory, reads
-- every account back from auth (rpc.auth.user_directory) and marks it finished (or says why not).
CREATE TABLE "admin"."directory_rebuilds" (
  "id"           BIGSERIAL PRIMARY KEY,
  "requested_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "started_at"   TIMESTAMPTZ(3),
  "finished_at"  TIMESTAMPTZ(3),
  "users"        INTEGER,
  "error"        TEXT
);
