-- The erasure guard's tombstone (src/data-rights/erasure-guard.ts, docs/protocols/account-data.md):
-- the id of every deleted account, so a late or redelivered event or a request racing the deletion
-- cannot bring its rows back. Holds no personal data: the id is random and nothing else is kept.
CREATE TABLE IF NOT EXISTS ${schema}.deleted_users (
  user_id uuid PRIMARY KEY,
  deleted_at timestamptz(3) NOT NULL
);
