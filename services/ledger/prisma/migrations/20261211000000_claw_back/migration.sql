-- SECURITY 30 (issue 35), bounded earning and claw-back (docs/ledger.md "Claw-back").
--
-- owed: what reversals of rewards could not take from the balance (the balance never goes below 0),
-- taken from the account's next earnings. It never goes negative, and it is the sum of the
-- reversals' owed parts minus the repayments (owed_repaid entries), which the tests check with the
-- SECURITY 16 invariant: the balance stays the sum of the entries, since a reversal's entry holds
-- only what it took.
ALTER TABLE "ledger"."accounts" ADD COLUMN "owed" INTEGER NOT NULL DEFAULT 0 CONSTRAINT "accounts_owed_check" CHECK ("owed" >= 0);

-- Two new kinds, both negative and both keyed: reward_reversed by the reversed credit's entry id
-- (so the (user, kind, key) unique index allows one reversal entry per reward), owed_repaid by the
-- credit entry that paid it (one repayment per credit). All three CHECKs change in one statement.
ALTER TABLE "ledger"."entries"
  DROP CONSTRAINT "entries_kind_check",
  ADD CONSTRAINT "entries_kind_check"
    CHECK ("kind" IN ('initial', 'priority_created', 'briefing_created', 'recruit_joined', 'daily_login', 'debit', 'refund', 'reward_reversed', 'owed_repaid')),
  DROP CONSTRAINT "entries_debits_are_negative",
  ADD CONSTRAINT "entries_debits_are_negative" CHECK (("kind" IN ('debit', 'reward_reversed', 'owed_repaid')) = ("amount" < 0)),
  DROP CONSTRAINT "entries_keyed_kinds_have_a_key",
  ADD CONSTRAINT "entries_keyed_kinds_have_a_key"
    CHECK ("kind" NOT IN ('debit', 'refund', 'daily_login', 'reward_reversed', 'owed_repaid') OR "idempotency_key" IS NOT NULL);

-- A content reward names its content (reference: the priority's or document's id) from now on, so
-- a removal finds the reward to reverse; one reward per piece of content.
CREATE UNIQUE INDEX "entries_content_reward_key" ON "ledger"."entries" ("kind", "reference")
  WHERE "kind" IN ('priority_created', 'briefing_created') AND "reference" IS NOT NULL;

-- One row per reversed reward, whatever is replayed: the primary key makes a second reversal of one
-- reward impossible, also when the reversal took nothing (balance 0) and so wrote no entry.
-- taken: what the reward_reversed entry took from the balance; owed: the rest, added to accounts.owed.
CREATE TABLE "ledger"."reward_reversals" (
  "rewarded_entry_id" UUID PRIMARY KEY REFERENCES "ledger"."entries" ("id"),
  "user_id"           UUID NOT NULL REFERENCES "ledger"."accounts" ("user_id"),
  "reward"            INTEGER NOT NULL CHECK ("reward" > 0),
  "taken"             INTEGER NOT NULL CHECK ("taken" >= 0),
  "owed"              INTEGER NOT NULL CHECK ("owed" >= 0),
  -- The removal event (civic.priorities.priority.removed or civic.briefing.document.deleted).
  "event_id"          UUID NOT NULL,
  "reversed_at"       TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "reward_reversals_add_up" CHECK ("taken" + "owed" = "reward")
);
CREATE INDEX "reward_reversals_user_id_idx" ON "ledger"."reward_reversals" ("user_id");
