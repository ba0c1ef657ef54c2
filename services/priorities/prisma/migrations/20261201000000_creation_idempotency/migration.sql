-- Issue 14 item 6: POST /api/priorities accepts an Idempotency-Key, as promotions do (SECURITY 17).
-- A keyed creation is recorded in creation_charges whether it costs anything or not (a free one as a
-- charge of 0, which the saga settles without asking the ledger), so one row per user and key says
-- whether that creation happened, is under way, or failed and left the key free:
-- - idempotency_key: the client's key; NULL for a paid creation sent without one;
-- - request_hash: SHA-256 of the parsed title, description and issue, so the key sent again with
--   another body is refused instead of answering a priority the client did not ask for;
-- - response: the JSON the creation answered, written in the creating transaction, which a
--   repetition answers again (erasure clears it with the other personal data).
ALTER TABLE "priorities"."creation_charges" DROP CONSTRAINT "creation_charges_cost_check";
ALTER TABLE "priorities"."creation_charges" ADD CONSTRAINT "creation_charges_cost_check" CHECK ("cost" >= 0);
ALTER TABLE "priorities"."creation_charges"
  ADD COLUMN "idempotency_key" TEXT CHECK (char_length("idempotency_key") BETWEEN 1 AND 200),
  ADD COLUMN "request_hash" TEXT,
  ADD COLUMN "response" TEXT;
-- One live creation per user and key; a refunded (failed) one frees the key for a new attempt.
CREATE UNIQUE INDEX "creation_charges_user_key_idx" ON "priorities"."creation_charges" ("user_id", "idempotency_key")
  WHERE "status" <> 'refunded' AND "idempotency_key" IS NOT NULL;
