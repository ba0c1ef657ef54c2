-- The opening every network write about two users shares (follow_user, unfollow_user, block_user,
-- unblock_user; the same steps as src/network/network-members.ts guardPair and network-state.ts
-- lockNetworkStates, which the interactive transactions of recruits and erasure use): both users'
-- erasure locks, shared, in id order; the tombstones checked after them; both users' state rows created if missing
-- and locked FOR UPDATE, one at a time in id order, so writers naming the same two users from
-- opposite ends queue instead of deadlocking (uuid order is the order of the ids' lower-case text,
-- which the TypeScript writers sort by).
--
-- p_lock_class: the advisory lock class of a social user (src/data-rights/erasure-guard.ts).
-- Answers 'ok' (the rows are locked until the transaction ends), 'deleted' (the actor's account was
-- erased: signed out) or 'unknown' (social has no member row of the target, or it was erased).
CREATE OR REPLACE FUNCTION social.lock_network_pair(p_lock_class int, p_actor_id uuid, p_target_id uuid)
RETURNS text
LANGUAGE plpgsql
AS $$
DECLARE
  v_first uuid := least(p_actor_id, p_target_id);
  v_second uuid := greatest(p_actor_id, p_target_id);
BEGIN
  PERFORM pg_advisory_xact_lock_shared(p_lock_class, hashtext(v_first::text));
  PERFORM pg_advisory_xact_lock_shared(p_lock_class, hashtext(v_second::text));
  IF EXISTS (SELECT 1 FROM social.deleted_users d WHERE d.user_id = p_actor_id) THEN
    RETURN 'deleted';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM social.members m WHERE m.user_id = p_target_id)
     OR EXISTS (SELECT 1 FROM social.deleted_users d WHERE d.user_id = p_target_id) THEN
    RETURN 'unknown';
  END IF;
  INSERT INTO social.user_network (user_id) VALUES (v_first) ON CONFLICT DO NOTHING;
  INSERT INTO social.user_network (user_id) VALUES (v_second) ON CONFLICT DO NOTHING;
  PERFORM 1 FROM social.user_network n WHERE n.user_id = v_first FOR UPDATE;
  PERFORM 1 FROM social.user_network n WHERE n.user_id = v_second FOR UPDATE;
  RETURN 'ok';
END
$$;
