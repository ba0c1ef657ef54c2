-- The one source of this function (docs/sql-functions.md): change it here, then
-- npm run db:function-migration -- auth canonical_email   writes the migration that applies it.
--
-- Issue 14 item 3: one mailbox, one account. The canonical form of an already normalised address
-- (trimmed, lower-cased): a "+tag" removed on every domain; for gmail.com and googlemail.com the dots
-- removed and the domain gmail.com. src/sign-in/canonical-email.ts is the same rule in TypeScript,
-- tested against this one (test/canonical-email-migration.test.ts); users_email_canonical_check uses it.
CREATE OR REPLACE FUNCTION "auth"."canonical_email"(normalized TEXT) RETURNS TEXT
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
