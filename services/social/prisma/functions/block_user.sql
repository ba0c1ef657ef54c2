-- POST /api/users/{id}/block in one statement (src/network/blocks.ts), as follow_user: the same locks
-- in the same order (lock_network_pair), so a block and a follow of the same two users queue, and a
-- follow that comes after the block sees it and is refused. What was an interactive transaction:
-- the block row (its primary key makes a second one impossible), the follow edges cut both ways
-- with their follow activities, both users' counts moved under the locks, and the events. Each
-- one's entries leave the other's network timeline (as at an unfollow, unfollow_user.sql), whether or
-- not an edge was there: no block list is walked at read time (network_feed.sql).
--
-- p_outbox: the candidate outbox rows, built and checked by the caller (buildOutboxRows), as an
-- object: 'cutForward' and 'cutBackward' (FollowChanged, following false, of the blocker's and of
-- the blocked user's edge), 'blockerCounts' and 'blockedCounts' (CountsChanged) and 'block'
-- (BlockChanged). Written in that order, each only when it applies: a FollowChanged for each edge
-- cut, a CountsChanged for each user whose counts moved (counts and version set here), and the
-- BlockChanged (its version set here: the blocker's, which every block moves). Nothing is written
-- when the block was already there.
-- status: 'blocked' | 'unchanged' | 'deleted' | 'unknown' (lock_network_pair). followers, following:
-- the blocker's, after the block.
CREATE OR REPLACE FUNCTION social.block_user(
  p_lock_class int,
  p_blocker_id uuid,
  p_blocked_id uuid,
  p_at timestamptz,
  p_outbox jsonb
) RETURNS TABLE (status text, followers int, following int)
LANGUAGE plpgsql
SET lock_timeout = '10s'
AS $$
DECLARE
  v_opened text;
  v_forward int := 0;
  v_backward int := 0;
  v_blocker social.user_network;
  v_blocked social.user_network;
  v_rows jsonb := '[]'::jsonb;
BEGIN
  v_opened := social.lock_network_pair(p_lock_class, p_blocker_id, p_blocked_id);
  IF v_opened <> 'ok' THEN
    RETURN QUERY SELECT v_opened, 0, 0;
    RETURN;
  END IF;
  INSERT INTO social.blocks (blocker_id, blocked_id, created_at) VALUES (p_blocker_id, p_blocked_id, p_at)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'unchanged'::text, n.followers, n.following FROM social.user_network n WHERE n.user_id = p_blocker_id;
    RETURN;
  END IF;
  DELETE FROM social.network_timeline t WHERE t.reader_id = p_blocker_id AND t.actor_id = p_blocked_id;
  DELETE FROM social.network_timeline t WHERE t.reader_id = p_blocked_id AND t.actor_id = p_blocker_id;
  -- The edges both ways, each with the follow activity that lives as long as it.
  DELETE FROM social.follows f WHERE f.follower_id = p_blocker_id AND f.followee_id = p_blocked_id;
  IF FOUND THEN
    v_forward := 1;
    DELETE FROM social.activities a WHERE a.type = 'follow' AND a.user_id = p_blocker_id AND a.subject_id = p_blocked_id;
    v_rows := v_rows || jsonb_build_array(p_outbox->'cutForward');
  END IF;
  DELETE FROM social.follows f WHERE f.follower_id = p_blocked_id AND f.followee_id = p_blocker_id;
  IF FOUND THEN
    v_backward := 1;
    DELETE FROM social.activities a WHERE a.type = 'follow' AND a.user_id = p_blocked_id AND a.subject_id = p_blocker_id;
    v_rows := v_rows || jsonb_build_array(p_outbox->'cutBackward');
  END IF;
  -- Relative, under the locks; the CHECKs (>= 0) refuse any drift. The blocker's version moves with
  -- every block (BlockChanged carries it); the blocked user's only when their counts move.
  UPDATE social.user_network n SET followers = n.followers - v_backward, following = n.following - v_forward, version = n.version + 1
  WHERE n.user_id = p_blocker_id RETURNING n.* INTO v_blocker;
  IF v_forward + v_backward > 0 THEN
    v_rows := v_rows || jsonb_build_array(jsonb_set(p_outbox->'blockerCounts', '{payload}', (p_outbox->'blockerCounts'->'payload')
      || jsonb_build_object('followers', v_blocker.followers, 'following', v_blocker.following, 'recruited', v_blocker.recruited, 'version', v_blocker.version)));
    UPDATE social.user_network n SET followers = n.followers - v_forward, following = n.following - v_backward, version = n.version + 1
    WHERE n.user_id = p_blocked_id RETURNING n.* INTO v_blocked;
    v_rows := v_rows || jsonb_build_array(jsonb_set(p_outbox->'blockedCounts', '{payload}', (p_outbox->'blockedCounts'->'payload')
      || jsonb_build_object('followers', v_blocked.followers, 'following', v_blocked.following, 'recruited', v_blocked.recruited, 'version', v_blocked.version)));
  END IF;
  v_rows := v_rows || jsonb_build_array(jsonb_set(p_outbox->'block', '{payload,version}', to_jsonb(v_blocker.version)));
  INSERT INTO social.outbox (id, subject, version, payload, headers, created_at)
  SELECT (r->>'id')::uuid, r->>'subject', (r->>'version')::int, r->'payload', r->'headers', (r->>'occurredAt')::timestamptz
  FROM jsonb_array_elements(v_rows) WITH ORDINALITY AS t(r, n)
  ORDER BY t.n;
  RETURN QUERY SELECT 'blocked'::text, v_blocker.followers, v_blocker.following;
END
$$;
