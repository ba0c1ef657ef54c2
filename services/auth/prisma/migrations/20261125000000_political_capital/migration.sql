-- The balance GET /api/auth/user answers as politicalCapital, kept from civic.ledger.balance.changed
-- (the ledger service owns it; this is auth's read model). political_capital_version is the
-- version of the ledger account the balance belongs to: a change is applied only when it is newer,
-- since balance events of one account can arrive out of order.
ALTER TABLE "auth"."users"
  ADD COLUMN "political_capital"         INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "political_capital_version" INTEGER NOT NULL DEFAULT 0;
