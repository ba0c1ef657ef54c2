-- Account erasure (docs/protocols/account-data.md): the id of every deleted account, so a late or
-- redelivered event (user.registered) or a request racing the deletion cannot bring its rows back.
-- Holds no personal data: the id is random and nothing else is kept.
CREATE TABLE "account"."deleted_users" (
  "user_id"    UUID PRIMARY KEY,
  "deleted_at" TIMESTAMPTZ(3) NOT NULL
);
