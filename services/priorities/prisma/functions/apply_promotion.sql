-- The one source of this function (docs/sql-functions.md): change it here, then
-- npm run db:function-migration -- priorities apply_promotion   writes the migration that applies it.
--
-- Applies a paid promotion in one call, in the caller's transaction (src/promotions/promote-priority.ts):
-- the payer's shared per-user lock (the erasure takes it exclusively; src/data-rights/user-lock.ts,
-- class 0x50524931 'PRI1'), the tombstone, the promotion row (still pending: nobody claimed it for a
-- refund), the priority row (active), then status applied and the recomputed boost. The caller writes
-- civic.priorities.priority.promoted through the kit's outbox in the same transaction when applied.
-- Lock order (test/sql-lock-order.test.ts): the user before any row, so an erasure holding the user
-- never waits for a row this holds; the priority row before the boost is summed, so two promotions of
-- one priority at once both count.
-- status: 'applied' | 'settled' (not pending any more) | 'missing' (no active priority) | 'deleted' (tombstoned payer)
CREATE OR REPLACE FUNCTION priorities.apply_promotion(
  p_promotion_id uuid,
  p_user_id uuid,
  p_balance int,
  p_at timestamptz,
  p_points int,
  p_half_life_ms bigint,
  p_lifetime_ms bigint
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

  RETURN QUERY SELECT 'applied'::text, v_boost;
END
$$;
