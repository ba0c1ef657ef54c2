-- post_debit no longer takes the balance.changed outbox row (it wrote the kit's outbox table and set
-- the balance inside the payload): it answers the balance and version, and the caller writes the
-- event through the kit's outbox in the same transaction. A signature change: the old one goes first.
DROP FUNCTION ledger.post_debit(int, uuid, int, text, text, text, uuid, timestamptz, jsonb);
