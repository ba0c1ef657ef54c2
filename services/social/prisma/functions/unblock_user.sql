-- DELETE /api/users/{id}/block in one call (src/network/blocks.ts), as block_user: the same locks in
-- the same order (lock_network_pair), the block row and the blocker's version; the caller writes
-- BlockChanged through the kit's outbox in the same transaction when a block was lifted.
-- The edges the block cut stay cut: following again is each one's own choice, so no counts move.
--
-- status: 'unblocked' | 'unchanged' (no block: nothing written) | 'deleted' | 'unknown'.
-- followers, following, version: the blocker's (version 0 unless unblocked).
CREATE OR REPLACE FUNCTION social.unblock_user(
  p_lock_class int,
  p_blocker_id uuid,
  p_blocked_id uuid
) RETURNS TABLE (status text, followers int, following int, version int)
LANGUAGE plpgsql
SET lock_timeout = '10s'
AS $$
DECLARE
  v_opened text;
  v_blocker social.user_network;
BEGIN
  v_opened := social.lock_network_pair(p_lock_class, p_blocker_id, p_blocked_id);
  IF v_opened <> 'ok' THEN
    RETURN QUERY SELECT v_opened, 0, 0, 0;
    RETURN;
  END IF;
  DELETE FROM social.blocks b WHERE b.blocker_id = p_blocker_id AND b.blocked_id = p_blocked_id;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'unchanged'::text, n.followers, n.following, 0 FROM social.user_network n WHERE n.user_id = p_blocker_id;
    RETURN;
  END IF;
  UPDATE social.user_network n SET version = n.version + 1 WHERE n.user_id = p_blocker_id RETURNING n.* INTO v_blocker;
  RETURN QUERY SELECT 'unblocked'::text, v_blocker.followers, v_blocker.following, v_blocker.version;
END
$$;
