-- Paying with political capital (issue 5; docs/ledger.md "the saga a paying service runs"): a
-- promotion (spec 4 "Promote") and, when priority_creation_cost > 0, the creation of a priority. Each
-- purchase is a row written before the ledger is asked to debit, so a debit whose effect did not
-- follow is always found again and refunded (src/purchases/):
--   pending   -> applied    the effect committed (in one transaction with this status)
--   pending   -> refunding  the effect failed or the debit's outcome is unknown: claimed for a refund
--   refunding -> refunded   the ledger gave the debit back (or cancelled its key)
-- Whoever moves a row out of pending first wins (compare-and-set on status), so an effect and its
-- refund can never both happen. The sweeper re-drives rows left pending or refunding.

-- A promotion; its boost is docs/ranking.md version 2. No foreign key to priorities: the record (and
-- a refund it may still owe) outlives the priority. user_id is NULL once the account is erased.
CREATE TABLE "priorities"."promotions" (
  "id"              UUID PRIMARY KEY,
  "priority_id"     UUID NOT NULL,
  "user_id"         UUID,
  -- The client's Idempotency-Key, or one the server made for a request without it.
  "idempotency_key" TEXT NOT NULL CHECK (char_length("idempotency_key") BETWEEN 1 AND 200),
  "cost"            INTEGER NOT NULL CHECK ("cost" >= 0),
  "status"          TEXT NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'applied', 'refunding', 'refunded')),
  "created_at"      TIMESTAMPTZ(3) NOT NULL,
  "applied_at"      TIMESTAMPTZ(3),
  "settled_at"      TIMESTAMPTZ(3),
  -- What the request answered (a repetition with the same key answers it again): the balance
  -- after the debit (NULL when it was free) and the priority's boost after this promotion.
  "balance_after"   INTEGER,
  "boost_after"     INTEGER,
  CHECK (("status" = 'applied') = ("applied_at" IS NOT NULL))
);
-- SECURITY 17: one live purchase per user and key. A refunded one frees the key for a new attempt
-- (its ledger key, promotion:<id>, is spent for good either way).
CREATE UNIQUE INDEX "promotions_user_key_idx" ON "priorities"."promotions" ("user_id", "idempotency_key") WHERE "status" <> 'refunded';
-- The boost sums a priority's applied promotions of the last few days.
CREATE INDEX "promotions_boost_idx" ON "priorities"."promotions" ("priority_id", "applied_at") WHERE "status" = 'applied';
-- The sweeper's look for purchases left unsettled.
CREATE INDEX "promotions_unsettled_idx" ON "priorities"."promotions" ("created_at") WHERE "status" IN ('pending', 'refunding');
-- Export and erasure.
CREATE INDEX "promotions_user_id_idx" ON "priorities"."promotions" ("user_id");

-- The charge for creating a priority (priority_creation_cost > 0); its id is the id of the priority
-- it pays for, chosen before the debit.
CREATE TABLE "priorities"."creation_charges" (
  "id"         UUID PRIMARY KEY,
  "user_id"    UUID,
  "cost"       INTEGER NOT NULL CHECK ("cost" > 0),
  "status"     TEXT NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'applied', 'refunding', 'refunded')),
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "applied_at" TIMESTAMPTZ(3),
  "settled_at" TIMESTAMPTZ(3),
  CHECK (("status" = 'applied') = ("applied_at" IS NOT NULL))
);
CREATE INDEX "creation_charges_unsettled_idx" ON "priorities"."creation_charges" ("created_at") WHERE "status" IN ('pending', 'refunding');
CREATE INDEX "creation_charges_user_id_idx" ON "priorities"."creation_charges" ("user_id");

-- The decay job walks the boosted priorities only.
CREATE INDEX "priorities_boosted_idx" ON "priorities"."priorities" ("id") WHERE "promotion_boost" > 0;

-- A priority's promotion boost at p_at (src/domain/promotion-boost.ts gives the constants): each
-- applied promotion adds p_points halved once per p_half_life_ms of its age, so only the promotions of
-- the last p_lifetime_ms count. Run after the priority row is locked, so it sees every promotion
-- committed before.
CREATE FUNCTION priorities.promotion_boost_at(p_priority_id uuid, p_at timestamptz, p_points int, p_half_life_ms bigint, p_lifetime_ms bigint)
RETURNS int LANGUAGE sql STABLE AS $$
  SELECT COALESCE(sum(p_points >> LEAST(31, GREATEST(0, floor(extract(epoch FROM (p_at - pr.applied_at)) * 1000 / p_half_life_ms))::int)), 0)::int
  FROM priorities.promotions pr
  WHERE pr.priority_id = p_priority_id AND pr.status = 'applied'
    AND pr.applied_at > p_at - make_interval(secs => p_lifetime_ms / 1000.0)
$$;

-- Applies a paid promotion in one round trip and one transaction (src/promotions/promote-priority.ts):
-- the payer's shared per-user lock (the erasure takes it exclusively; src/data-rights/user-lock.ts,
-- class 0x50524931 'PRI1'), the tombstone, the promotion row (still pending: nobody claimed it for a
-- refund), the priority row (active), then status applied, the recomputed boost and the outbox row of
-- civic.priorities.priority.promoted. p_outbox is built and checked by the kit (enqueue-event.ts).
-- status: 'applied' | 'settled' (not pending any more) | 'missing' (no active priority) | 'deleted' (tombstoned payer)
CREATE FUNCTION priorities.apply_promotion(
  p_promotion_id uuid,
  p_user_id uuid,
  p_balance int,
  p_at timestamptz,
  p_points int,
  p_half_life_ms bigint,
  p_lifetime_ms bigint,
  p_outbox jsonb
) RETURNS TABLE (status text, promotion_boost int)
LANGUAGE plpgsql AS $$
DECLARE
  v_priority_id uuid;
  v_status text;
  v_boost int;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(1347569969, hashtext(p_user_id::text));
  IF EXISTS (SELECT 1 FROM priorities.deleted_users d WHERE d.user_id = p_user_id) THEN
    RETURN QUERY SELECT 'deleted'::text, 0;
    RETURN;
  END IF;
  SELECT pr.priority_id, pr.status INTO v_priority_id, v_status FROM priorities.promotions pr WHERE pr.id = p_promotion_id FOR UPDATE;
  IF NOT FOUND OR v_status <> 'pending' THEN
    RETURN QUERY SELECT 'settled'::text, 0;
    RETURN;
  END IF;
  -- Locked before the boost is summed: a promotion of this priority committed meanwhile is counted.
  PERFORM 1 FROM priorities.priorities p WHERE p.id = v_priority_id AND p.is_active FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'missing'::text, 0;
    RETURN;
  END IF;

  UPDATE priorities.promotions pr SET status = 'applied', applied_at = p_at, balance_after = p_balance WHERE pr.id = p_promotion_id;
  UPDATE priorities.priorities p
  SET promotion_boost = priorities.promotion_boost_at(p.id, p_at, p_points, p_half_life_ms, p_lifetime_ms)
  WHERE p.id = v_priority_id
  RETURNING p.promotion_boost INTO v_boost;
  UPDATE priorities.promotions pr SET boost_after = v_boost WHERE pr.id = p_promotion_id;

  INSERT INTO priorities.outbox (id, subject, version, payload, headers, created_at)
  VALUES ((p_outbox->>'id')::uuid, p_outbox->>'subject', (p_outbox->>'version')::int, p_outbox->'payload', p_outbox->'headers',
          (p_outbox->>'occurredAt')::timestamptz);

  RETURN QUERY SELECT 'applied'::text, v_boost;
END
$$;
