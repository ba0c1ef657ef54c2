-- DELETE /api/users/{id}/block in one statement (src/network/blocks.ts), as block_user: the same
-- locks in the same order (lock_network_pair), the block row, the blocker's version, and BlockChanged.
-- The edges the block cut stay cut: following again is each one's own choice, so no counts move.
--
-- p_outbox: the BlockChanged outbox row (blocked false), built and checked by the caller; its
-- version is set here (the blocker's). Written only when a block was lifted.
-- status: 'unblocked' | 'unchanged' (no block: nothing written) | 'deleted' | 'unknown'.
-- followers, following: the blocker's.
CREATE OR REPLACE FUNCTION social.unblock_user(
  p_lock_class int,
  p_blocker_id uuid,
  p_blocked_id uuid,
  p_outbox jsonb
) RETURNS TABLE (status text, followers int, following int)
LANGUAGE plpgsql
SET lock_timeout = '10s'
AS $$
DECLARE
  v_opened text;
  v_blocker social.user_network;
BEGIN
  v_opened := social.lock_network_pair(p_lock_class, p_blocker_id, p_blocked_id);
  IF v_opened <> 'ok' THEN
    RETURN QUERY SELECT v_opened, 0, 0;
    RETURN;
  END IF;
  DELETE FROM social.blocks b WHERE b.blocker_id = p_blocker_id AND b.blocked_id = p_blocked_id;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'unchanged'::text, n.followers, n.following FROM social.user_network n WHERE n.user_id = p_blocker_id;
    RETURN;
  END IF;
  UPDATE social.user_network n SET version = n.version + 1 WHERE n.user_id = p_blocker_id RETURNING n.* INTO v_blocker;
  INSERT INTO social.outbox (id, subject, version, payload, headers, created_at)
  VALUES ((p_outbox->>'id')::uuid, p_outbox->>'subject', (p_outbox->>'version')::int,
          jsonb_set(p_outbox->'payload', '{version}', to_jsonb(v_blocker.version)), p_outbox->'headers',
          (p_outbox->>'occurredAt')::timestamptz);
  RETURN QUERY SELECT 'unblocked'::text, v_blocker.followers, v_blocker.following;
END
$$;
