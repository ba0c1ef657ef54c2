-- The one source of this function (docs/sql-functions.md): change it here, then
-- npm run db:function-migration -- priorities apply_vote   writes the migration that applies it.
--
-- A vote is decided in TypeScript (src/domain/vote-transition.ts) from a plain read, then applied by
-- this function in one round trip and one transaction (src/votes/record-vote.ts): the caller's shared
-- per-user lock (src/data-rights/user-lock.ts, class 0x50524931 'PRI1'), the tombstone, the priority
-- row locked FOR NO KEY UPDATE (every vote on one priority takes it first, so what is read after it
-- is what the write applies to), then a check that the vote and the last change are still what the
-- decision saw. If they are not, nothing is written and the caller decides again from a fresh read.
--
-- An event that names the priority's title (civic.priorities.vote.cast's priorityTitle) gets it from
-- the row the function has locked, so the caller need not have read it. That lets record-vote.ts send
-- a first endorsement or opposition straight here, on the assumption that the caller has no vote and
-- no change on the priority yet (the common case): the check above answers 'stale' when that is
-- wrong, and the caller then reads and decides as before.
--
-- Every vote row carries a receipt nonce (issue 23, docs/open-data.md): 32 random bytes from the
-- column's default, new for a cast and for a switch (so a changed vote's old leaf leaves the next
-- snapshot and the two cannot be linked); a removal deletes the row and its nonce.
--
-- p_outbox is the outbox row of the event (services/kit/src/events/enqueue-event.ts builds and checks it).
-- status: 'applied' | 'stale' (decide again) | 'missing' (no active priority) | 'deleted' (tombstoned user)
CREATE OR REPLACE FUNCTION priorities.apply_vote(
  p_priority_id uuid,
  p_user_id uuid,
  p_expected_vote text,
  p_expected_changed_at timestamptz,
  p_outcome text,
  p_vote text,
  p_endorsements_delta int,
  p_oppositions_delta int,
  p_at timestamptz,
  p_outbox jsonb
) RETURNS TABLE (status text, endorsements int, oppositions int)
LANGUAGE plpgsql AS $$
DECLARE
  v_current text;
  v_changed_at timestamptz;
  v_title text;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(1347569969, hashtext(p_user_id::text));
  IF EXISTS (SELECT 1 FROM priorities.deleted_users d WHERE d.user_id = p_user_id) THEN
    RETURN QUERY SELECT 'deleted'::text, 0, 0;
    RETURN;
  END IF;
  SELECT p.title INTO v_title FROM priorities.priorities p WHERE p.id = p_priority_id AND p.is_active FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'missing'::text, 0, 0;
    RETURN;
  END IF;
  SELECT v.vote_type INTO v_current FROM priorities.votes v WHERE v.priority_id = p_priority_id AND v.user_id = p_user_id;
  SELECT c.last_changed_at INTO v_changed_at FROM priorities.vote_changes c WHERE c.priority_id = p_priority_id AND c.user_id = p_user_id;
  IF v_current IS DISTINCT FROM p_expected_vote OR v_changed_at IS DISTINCT FROM p_expected_changed_at THEN
    RETURN QUERY SELECT 'stale'::text, 0, 0;
    RETURN;
  END IF;

  IF p_outcome = 'cast' THEN
    INSERT INTO priorities.votes (priority_id, user_id, vote_type, voted_at) VALUES (p_priority_id, p_user_id, p_vote, p_at);
  ELSIF p_outcome = 'switched' THEN
    UPDATE priorities.votes v SET vote_type = p_vote, voted_at = p_at, receipt_nonce = DEFAULT WHERE v.priority_id = p_priority_id AND v.user_id = p_user_id;
  ELSIF p_outcome = 'removed' THEN
    DELETE FROM priorities.votes v WHERE v.priority_id = p_priority_id AND v.user_id = p_user_id;
  ELSE
    RAISE EXCEPTION 'apply_vote: unknown outcome %', p_outcome;
  END IF;
  IF p_outcome <> 'cast' THEN
    INSERT INTO priorities.vote_changes (priority_id, user_id, last_changed_at) VALUES (p_priority_id, p_user_id, p_at)
    ON CONFLICT (priority_id, user_id) DO UPDATE SET last_changed_at = EXCLUDED.last_changed_at;
  END IF;

  INSERT INTO priorities.outbox (id, subject, version, payload, headers, created_at)
  VALUES ((p_outbox->>'id')::uuid, p_outbox->>'subject', (p_outbox->>'version')::int,
          CASE WHEN p_outbox->'payload' ? 'priorityTitle'
               THEN jsonb_set(p_outbox->'payload', '{priorityTitle}', to_jsonb(v_title))
               ELSE p_outbox->'payload' END,
          p_outbox->'headers',
          (p_outbox->>'occurredAt')::timestamptz);

  RETURN QUERY
    UPDATE priorities.priorities p
    SET endorsements = p.endorsements + p_endorsements_delta, oppositions = p.oppositions + p_oppositions_delta
    WHERE p.id = p_priority_id
    RETURNING 'applied'::text, p.endorsements, p.oppositions;
END
$$;
