-- One name for the erasure tombstone in every service (issue 16): the ledger's erased_accounts
-- becomes deleted_users (user_id, deleted_at), the kit's tombstone, checked through the kit's erasure
-- guard (services/kit/src/data-rights/erasure-guard.ts). The kit's migrations run before the
-- service's, so deleted_users is there already: every tombstone moves into it. The functions that read
-- the tombstone name it in their text, so each is replaced with the same body reading the new name
-- (CREATE OR REPLACE keeps their owner, SECURITY DEFINER setting and privileges).
INSERT INTO "ledger"."deleted_users" ("user_id", "deleted_at")
SELECT "user_id", "erased_at" FROM "ledger"."erased_accounts"
ON CONFLICT DO NOTHING;
DROP TABLE "ledger"."erased_accounts";

-- The append-only trigger's function (20261125000000_init): an entry may be deleted only once its
-- user's tombstone exists.
CREATE OR REPLACE FUNCTION "ledger"."refuse_entry_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM ledger.deleted_users WHERE user_id = OLD.user_id) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'ledger entries are append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

-- rpc.ledger.debit in one statement (20261128000000_post_debit).
CREATE OR REPLACE FUNCTION ledger.post_debit(
  p_lock_class int,
  p_user_id uuid,
  p_amount int,
  p_key text,
  p_description text,
  p_reference text,
  p_entry_id uuid,
  p_at timestamptz,
  p_outbox jsonb
) RETURNS TABLE (status text, entry_id uuid, amount int, balance int)
LANGUAGE plpgsql
-- A debit queued behind others on one account gives up after 10 s (an error the caller settles by
-- refunding the key), as the interactive transaction's timeout did, rather than holding a connection.
SET lock_timeout = '10s'
AS $$
DECLARE
  v_balance int;
  v_version int;
  v_earlier record;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(p_lock_class, hashtext(p_user_id::text));
  IF EXISTS (SELECT 1 FROM ledger.deleted_users e WHERE e.user_id = p_user_id) THEN
    RETURN QUERY SELECT 'erased'::text, NULL::uuid, 0, 0;
    RETURN;
  END IF;
  -- Created if missing, locked either way (the no-op update takes the row lock).
  INSERT INTO ledger.accounts AS a (user_id, balance, version, opened_at) VALUES (p_user_id, 0, 0, p_at)
  ON CONFLICT (user_id) DO UPDATE SET user_id = a.user_id
  RETURNING a.balance, a.version INTO v_balance, v_version;

  SELECT e.id, e.amount, e.balance_after INTO v_earlier
  FROM ledger.entries e WHERE e.user_id = p_user_id AND e.kind = 'debit' AND e.idempotency_key = p_key;
  IF FOUND THEN
    IF EXISTS (SELECT 1 FROM ledger.entries r WHERE r.user_id = p_user_id AND r.kind = 'refund' AND r.idempotency_key = p_key) THEN
      RETURN QUERY SELECT 'cancelled'::text, NULL::uuid, 0, v_balance;
    ELSE
      RETURN QUERY SELECT 'repeated'::text, v_earlier.id, -v_earlier.amount, v_earlier.balance_after;
    END IF;
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM ledger.cancelled_debits c WHERE c.user_id = p_user_id AND c.idempotency_key = p_key) THEN
    RETURN QUERY SELECT 'cancelled'::text, NULL::uuid, 0, v_balance;
    RETURN;
  END IF;
  IF v_balance < p_amount THEN
    RETURN QUERY SELECT 'insufficient'::text, NULL::uuid, 0, v_balance;
    RETURN;
  END IF;

  INSERT INTO ledger.entries (id, user_id, amount, kind, description, version, balance_after, idempotency_key, event_id, reference, created_at)
  VALUES (p_entry_id, p_user_id, -p_amount, 'debit', p_description, v_version + 1, v_balance - p_amount, p_key, NULL, p_reference, p_at);
  -- Relative, as append-entry.ts: the CHECK (balance >= 0) refuses what the check above missed.
  UPDATE ledger.accounts a SET balance = a.balance - p_amount, version = a.version + 1
  WHERE a.user_id = p_user_id
  RETURNING a.balance, a.version INTO v_balance, v_version;
  INSERT INTO ledger.outbox (id, subject, version, payload, headers, created_at)
  VALUES ((p_outbox->>'id')::uuid, p_outbox->>'subject', (p_outbox->>'version')::int,
          (p_outbox->'payload') || jsonb_build_object('balance', v_balance, 'version', v_version),
          p_outbox->'headers', (p_outbox->>'occurredAt')::timestamptz);
  RETURN QUERY SELECT 'debited'::text, p_entry_id, p_amount, v_balance;
END
$$;

-- The erasure's deletion of a user's entries (20261130000000_erase_entries).
CREATE OR REPLACE FUNCTION ledger.erase_entries(p_user_id uuid) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  erased integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ledger.deleted_users WHERE user_id = p_user_id) THEN
    RAISE EXCEPTION 'the entries of % can be erased only after its erasure tombstone', p_user_id USING ERRCODE = 'insufficient_privilege';
  END IF;
  DELETE FROM ledger.entries WHERE user_id = p_user_id;
  GET DIAGNOSTICS erased = ROW_COUNT;
  RETURN erased;
END
$$;
