-- The one source of this function (docs/sql-functions.md): change it here, then
-- npm run db:function-migration -- ledger post_debit   writes the migration that applies it.
--
-- rpc.ledger.debit in one statement (services/ledger/src/debits/debit.ts): what was an interactive
-- transaction of ten statements (the user lock, the tombstone, the account, the key's debit, refund
-- and cancellation, the entry, the balance, the outbox row), each a round trip through the client,
-- runs here with the same locks in the same order, so a posting to one account still waits for the
-- one before it (docs/ledger.md "Postings"). The caller writes balance.changed through the kit's
-- outbox in the same transaction, with the balance and version answered here.
--
-- p_lock_class: the advisory lock class of ledger accounts (data-rights/user-lock.ts).
-- status: 'debited' | 'repeated' (this key's debit, answered again) | 'cancelled' (the key was
-- refunded or cancelled) | 'insufficient' | 'erased'. balance: after the debit (debited, repeated)
-- or the account's current one. version: the account's after the debit (debited; 0 otherwise).
CREATE OR REPLACE FUNCTION ledger.post_debit(
  p_lock_class int,
  p_user_id uuid,
  p_amount int,
  p_key text,
  p_description text,
  p_reference text,
  p_entry_id uuid,
  p_at timestamptz
) RETURNS TABLE (status text, entry_id uuid, amount int, balance int, version int)
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
    RETURN QUERY SELECT 'erased'::text, NULL::uuid, 0, 0, 0;
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
      RETURN QUERY SELECT 'cancelled'::text, NULL::uuid, 0, v_balance, 0;
    ELSE
      RETURN QUERY SELECT 'repeated'::text, v_earlier.id, -v_earlier.amount, v_earlier.balance_after, 0;
    END IF;
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM ledger.cancelled_debits c WHERE c.user_id = p_user_id AND c.idempotency_key = p_key) THEN
    RETURN QUERY SELECT 'cancelled'::text, NULL::uuid, 0, v_balance, 0;
    RETURN;
  END IF;
  IF v_balance < p_amount THEN
    RETURN QUERY SELECT 'insufficient'::text, NULL::uuid, 0, v_balance, 0;
    RETURN;
  END IF;

  INSERT INTO ledger.entries (id, user_id, amount, kind, description, version, balance_after, idempotency_key, event_id, reference, created_at)
  VALUES (p_entry_id, p_user_id, -p_amount, 'debit', p_description, v_version + 1, v_balance - p_amount, p_key, NULL, p_reference, p_at);
  -- Relative, as append-entry.ts: the CHECK (balance >= 0) refuses what the check above missed.
  UPDATE ledger.accounts a SET balance = a.balance - p_amount, version = a.version + 1
  WHERE a.user_id = p_user_id
  RETURNING a.balance, a.version INTO v_balance, v_version;
  RETURN QUERY SELECT 'debited'::text, p_entry_id, p_amount, v_balance, v_version;
END
$$;
