-- Ledger service: political capital accounts and their entries (spec 3 "Political capital
-- transaction", 9; docs/ledger.md). The service is the only writer of balances.
CREATE SCHEMA IF NOT EXISTS "ledger";

-- One row per user. balance and version change only together with a new entry, in its transaction
-- (src/accounts/append-entry.ts); version counts the account's entries and orders its
-- civic.ledger.balance.changed events. The CHECK is the last word on "never negative" (SECURITY 15),
-- whatever the code above it does.
CREATE TABLE "ledger"."accounts" (
  "user_id"   UUID PRIMARY KEY,
  "balance"   INTEGER NOT NULL DEFAULT 0 CHECK ("balance" >= 0),
  "version"   INTEGER NOT NULL DEFAULT 0 CHECK ("version" >= 0),
  "opened_at" TIMESTAMPTZ(3) NOT NULL
);

-- The ledger: append-only for the application (trigger below). Every balance equals the sum of its
-- account's entries (SECURITY 16); each entry also records the account's version and balance right
-- after it, so a repeated request can answer exactly what the first one did.
CREATE TABLE "ledger"."entries" (
  "id"              UUID PRIMARY KEY,
  "user_id"         UUID NOT NULL REFERENCES "ledger"."accounts" ("user_id"),
  "amount"          INTEGER NOT NULL CHECK ("amount" <> 0),
  "kind"            TEXT NOT NULL CHECK ("kind" IN ('initial', 'priority_created', 'briefing_created', 'daily_login', 'debit', 'refund')),
  "description"     TEXT NOT NULL,
  "version"         INTEGER NOT NULL CHECK ("version" > 0),
  "balance_after"   INTEGER NOT NULL CHECK ("balance_after" >= 0),
  -- debit: the caller's key; refund: the key of the debit it gives back; daily_login: the UTC day.
  "idempotency_key" TEXT,
  -- Credits from events: the event's id, so a replayed event can never credit twice.
  "event_id"        UUID UNIQUE,
  -- What a debit paid for (e.g. a priority's id), as the caller named it.
  "reference"       TEXT,
  "created_at"      TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "entries_debits_are_negative" CHECK (("kind" = 'debit') = ("amount" < 0)),
  CONSTRAINT "entries_keyed_kinds_have_a_key" CHECK ("kind" NOT IN ('debit', 'refund', 'daily_login') OR "idempotency_key" IS NOT NULL),
  CONSTRAINT "entries_event_kinds_have_an_event" CHECK ("kind" NOT IN ('initial', 'priority_created', 'briefing_created') OR "event_id" IS NOT NULL)
);

-- A user's transactions, newest first, and the account's sequence: one entry per version.
CREATE UNIQUE INDEX "entries_user_id_version_key" ON "ledger"."entries" ("user_id", "version");
-- One debit per key, one refund per debited key, one daily-login bonus per UTC day, per user.
CREATE UNIQUE INDEX "entries_user_id_kind_idempotency_key_key" ON "ledger"."entries" ("user_id", "kind", "idempotency_key");

-- Keys refunded before any debit with them arrived (a caller that never saw its debit's answer
-- refunds to be safe): a debit with such a key is refused later, so it can never charge.
CREATE TABLE "ledger"."cancelled_debits" (
  "user_id"         UUID NOT NULL,
  "idempotency_key" TEXT NOT NULL,
  "cancelled_at"    TIMESTAMPTZ(3) NOT NULL,
  PRIMARY KEY ("user_id", "idempotency_key")
);

-- Account erasure (civic.account.user.deleted): the ids of erased accounts. Later credits for them
-- are ignored, and the append-only trigger lets their entries be deleted only once this row exists.
-- Holds no personal data.
CREATE TABLE "ledger"."erased_accounts" (
  "user_id"   UUID PRIMARY KEY,
  "erased_at" TIMESTAMPTZ(3) NOT NULL
);

-- Append-only: an entry is never updated, and deleted only by the erasure of its account, which
-- writes the erased_accounts row first in the same transaction (src/data-rights/erase-user.ts).
-- Nothing else in the application can remove or rewrite history; TRUNCATE is refused too.
CREATE FUNCTION "ledger"."refuse_entry_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM ledger.erased_accounts WHERE user_id = OLD.user_id) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'ledger entries are append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER "entries_append_only" BEFORE UPDATE OR DELETE ON "ledger"."entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger"."refuse_entry_change"();
CREATE TRIGGER "entries_no_truncate" BEFORE TRUNCATE ON "ledger"."entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger"."refuse_entry_change"();
