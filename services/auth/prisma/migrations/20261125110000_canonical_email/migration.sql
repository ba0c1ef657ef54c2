-- Issue 14 item 3: one mailbox, one account. Accounts are keyed on a canonical form of the address
-- (src/sign-in/canonical-email.ts: a "+tag" removed on every domain; for gmail.com and googlemail.com
-- the dots removed and the domain gmail.com); the address as typed (trimmed, lower-cased) stays in
-- email and email_normalized, for mailing and display. The per-address sign-in limits count the
-- canonical form too, so "a+1@", "a+2@" share one budget.

-- The rule in SQL, over an already normalised address; the TypeScript function is tested against it.
CREATE FUNCTION "auth"."canonical_email"(normalized TEXT) RETURNS TEXT
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
    WHEN at = 0 THEN normalized
    ELSE (
      SELECT CASE
        WHEN domain IN ('gmail.com', 'googlemail.com')
          THEN CASE WHEN replace(local, '.', '') <> '' THEN replace(local, '.', '') ELSE local END || '@gmail.com'
        ELSE local || '@' || domain
      END
      FROM (
        SELECT CASE WHEN strpos(whole_local, '+') > 1 THEN left(whole_local, strpos(whole_local, '+') - 1) ELSE whole_local END AS local,
               domain
        FROM (SELECT left(normalized, at - 1) AS whole_local, substr(normalized, at + 1) AS domain) AS split
      ) AS untagged
    )
  END
  -- at: the position of the last "@" (0 when there is none).
  FROM (SELECT CASE WHEN strpos(normalized, '@') = 0 THEN 0 ELSE length(normalized) - strpos(reverse(normalized), '@') + 1 END AS at) AS found
$$;

-- Accounts that collide on the canonical form (one person's "name@" and "name+2@" signed up twice):
-- the oldest (created first; the smaller id on a tie) keeps the mailbox. Every other one keeps its
-- data but loses its key: email_canonical NULL, superseded_by naming the account that kept it. No
-- address signs in to it any more (sign-in finds accounts by the canonical form); what to do with its
-- votes and political capital is an administrator's decision (issues 19, 20), and
-- SELECT ... WHERE superseded_by IS NOT NULL lists them.
ALTER TABLE "auth"."users"
  ADD COLUMN "email_canonical" TEXT,
  ADD COLUMN "superseded_by" UUID;

UPDATE "auth"."users" AS u
SET "email_canonical" = CASE WHEN r.keeper = u.id THEN r.canonical END,
    "superseded_by"   = CASE WHEN r.keeper = u.id THEN NULL ELSE r.keeper END
FROM (
  SELECT id, canonical, first_value(id) OVER (PARTITION BY canonical ORDER BY created_at, id) AS keeper
  FROM (SELECT id, created_at, "auth"."canonical_email"(email_normalized) AS canonical FROM "auth"."users") AS c
) AS r
WHERE r.id = u.id;

DROP INDEX "auth"."users_email_normalized_key";
CREATE UNIQUE INDEX "users_email_canonical_key" ON "auth"."users" ("email_canonical");
ALTER TABLE "auth"."users"
  -- Every account is either keyed on its own address's canonical form or superseded by another.
  ADD CONSTRAINT "users_email_canonical_check"
    CHECK ("email_canonical" IS NULL OR "email_canonical" = "auth"."canonical_email"("email_normalized")),
  ADD CONSTRAINT "users_keyed_or_superseded_check"
    CHECK (("email_canonical" IS NULL) = ("superseded_by" IS NOT NULL));

-- Sign-in requests keep the address they mail (email_normalized) and the key they count and sign in by.
ALTER TABLE "auth"."sign_in_states" ADD COLUMN "email_canonical" TEXT;
UPDATE "auth"."sign_in_states" SET "email_canonical" = "auth"."canonical_email"("email_normalized");
ALTER TABLE "auth"."sign_in_states" ALTER COLUMN "email_canonical" SET NOT NULL;
DROP INDEX "auth"."sign_in_states_email_normalized_created_at_idx";
CREATE INDEX "sign_in_states_email_canonical_created_at_idx" ON "auth"."sign_in_states" ("email_canonical", "created_at");

-- The limit ledgers count per canonical address.
ALTER TABLE "auth"."sign_in_mails" RENAME COLUMN "email_normalized" TO "email_canonical";
UPDATE "auth"."sign_in_mails" SET "email_canonical" = "auth"."canonical_email"("email_canonical");
ALTER INDEX "auth"."sign_in_mails_email_normalized_sent_at_idx" RENAME TO "sign_in_mails_email_canonical_sent_at_idx";
ALTER TABLE "auth"."sign_in_failures" RENAME COLUMN "email_normalized" TO "email_canonical";
UPDATE "auth"."sign_in_failures" SET "email_canonical" = "auth"."canonical_email"("email_canonical");
ALTER INDEX "auth"."sign_in_failures_email_normalized_occurred_at_idx" RENAME TO "sign_in_failures_email_canonical_occurred_at_idx";
