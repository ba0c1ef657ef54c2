-- POST /api/users/{id}/block in one call (src/network/blocks.ts), as follow_user: the same locks
-- in the same order (lock_network_pair), so a block and a follow of the same two users queue, and a
-- follow that comes after the block sees it and is refused. What was an interactive transaction:
-- the block row (its primary key makes a second one impossible), the follow edges cut both ways
-- with their follow activities, both users' counts moved under the locks (the caller writes the
-- events, through the kit's outbox in the same transaction). Each one's entries leave the other's
-- network timeline (as at an unfollow, unfollow_user.sql), whether or not an edge was there: no
-- block list is walked at read time (network_feed.sql).
--
-- The events, when the block is new: a FollowChanged for each edge cut (cut_forward: the blocker's,
-- cut_backward: the blocked user's), a CountsChanged for each user when an edge was cut, and the
-- BlockChanged with the blocker's version, which every block moves.
-- status: 'blocked' | 'unchanged' | 'deleted' | 'unknown' (lock_network_pair). followers, following:
-- the blocker's, after the block; blocker_* and blocked_*: the rest of both state rows (0 unless
-- blocked; the blocked user's only when an edge was cut).
CREATE OR REPLACE FUNCTION social.block_user(
  p_lock_class int,
  p_blocker_id uuid,
  p_blocked_id uuid,
  p_at timestamptz
) RETURNS TABLE (status text, followers int, following int, cut_forward boolean, cut_backward boolean, blocker_recruited int,
                 blocker_version int, blocked_followers int, blocked_following int, blocked_recruited int, blocked_version int)
LANGUAGE plpgsql
SET lock_timeout = '10s'
AS $$
DECLARE
  v_opened text;
  v_forward int := 0;
  v_backward int := 0;
  v_blocker social.user_network;
  v_blocked social.user_network;
BEGIN
  v_opened := social.lock_network_pair(p_lock_class, p_blocker_id, p_blocked_id);
  IF v_opened <> 'ok' THEN
    RETURN QUERY SELECT v_opened, 0, 0, false, false, 0, 0, 0, 0, 0, 0;
    RETURN;
  END IF;
  INSERT INTO social.blocks (blocker_id, blocked_id, created_at) VALUES (p_blocker_id, p_blocked_id, p_at)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'unchanged'::text, n.followers, n.following, false, false, 0, 0, 0, 0, 0, 0
      FROM social.user_network n WHERE n.user_id = p_blocker_id;
    RETURN;
  END IF;
  DELETE FROM social.network_timeline t WHERE t.reader_id = p_blocker_id AND t.actor_id = p_blocked_id;
  DELETE FROM social.network_timeline t WHERE t.reader_id = p_blocked_id AND t.actor_id = p_blocker_id;
  -- The edges both ways, each with the follow activity that lives as long as it.
  DELETE FROM social.follows f WHERE f.follower_id = p_blocker_id AND f.followee_id = p_blocked_id;
  IF FOUND THEN
    v_forward := 1;
    DELETE FROM social.activities a WHERE a.type = 'follow' AND a.user_id = p_blocker_id AND a.subject_id = p_blocked_id;
  END IF;
  DELETE FROM social.follows f WHERE f.follower_id = p_blocked_id AND f.followee_id = p_blocker_id;
  IF FOUND THEN
    v_backward := 1;
    DELETE FROM social.activities a WHERE a.type = 'follow' AND a.user_id = p_blocked_id AND a.subject_id = p_blocker_id;
  END IF;
  -- Relative, under the locks; the CHECKs (>= 0) refuse any drift. The blocker's version moves with
  -- every block (BlockChanged carries it); the blocked user's only when their counts move.
  UPDATE social.user_network n SET followers = n.followers - v_backward, following = n.following - v_forward, version = n.version + 1
  WHERE n.user_id = p_blocker_id RETURNING n.* INTO v_blocker;
  IF v_forward + v_backward > 0 THEN
    UPDATE social.user_network n SET followers = n.followers - v_forward, following = n.following - v_backward, version = n.version + 1
    WHERE n.user_id = p_blocked_id RETURNING n.* INTO v_blocked;
  END IF;
  RETURN QUERY SELECT 'blocked'::text, v_blocker.followers, v_blocker.following, v_forward = 1, v_backward = 1, v_blocker.recruited,
    v_blocker.version, coalesce(v_blocked.followers, 0), coalesce(v_blocked.following, 0), coalesce(v_blocked.recruited, 0),
    coalesce(v_blocked.version, 0);
END
$$;
