-- DELETE /api/users/{id}/follow in one call (src/network/follow-edges.ts), as follow_user: the same
-- locks in the same order (lock_network_pair), the edge, the follow activity that lives as long as
-- the edge, both counts and versions (the caller writes the events). The followee's entries leave
-- the follower's network timeline (a new follow copies the newest again), so no number of
-- follow/unfollow cycles leaves entries for the feed to walk past (SECURITY 32); the timeline is
-- within timeline_cap(), so the delete reads at most that many.
--
-- The events (FollowChanged, CountsChanged of both) are the caller's to write, through the kit's outbox
-- in the same transaction, when an edge was cut: it answers the two state rows' counts and versions.
-- status: 'unfollowed' | 'unchanged' (no edge: nothing written) | 'deleted' | 'unknown'.
-- followers: the followee's; following: the follower's, after the unfollow. followee_* and
-- follower_*: the rest of each state row after an unfollow (0 otherwise), for CountsChanged.
CREATE OR REPLACE FUNCTION social.unfollow_user(
  p_lock_class int,
  p_follower_id uuid,
  p_followee_id uuid
) RETURNS TABLE (status text, followers int, following int, followee_following int, followee_recruited int, followee_version int,
                 follower_followers int, follower_recruited int, follower_version int)
LANGUAGE plpgsql
SET lock_timeout = '10s'
AS $$
DECLARE
  v_opened text;
  v_followee social.user_network;
  v_follower social.user_network;
BEGIN
  v_opened := social.lock_network_pair(p_lock_class, p_follower_id, p_followee_id);
  IF v_opened <> 'ok' THEN
    RETURN QUERY SELECT v_opened, 0, 0, 0, 0, 0, 0, 0, 0;
    RETURN;
  END IF;
  DELETE FROM social.follows f WHERE f.follower_id = p_follower_id AND f.followee_id = p_followee_id;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'unchanged'::text,
      (SELECT n.followers FROM social.user_network n WHERE n.user_id = p_followee_id),
      (SELECT n.following FROM social.user_network n WHERE n.user_id = p_follower_id), 0, 0, 0, 0, 0, 0;
    RETURN;
  END IF;
  DELETE FROM social.activities a WHERE a.type = 'follow' AND a.user_id = p_follower_id AND a.subject_id = p_followee_id;
  DELETE FROM social.network_timeline t WHERE t.reader_id = p_follower_id AND t.actor_id = p_followee_id;
  UPDATE social.user_network n SET followers = n.followers - 1, version = n.version + 1
  WHERE n.user_id = p_followee_id RETURNING n.* INTO v_followee;
  UPDATE social.user_network n SET following = n.following - 1, version = n.version + 1
  WHERE n.user_id = p_follower_id RETURNING n.* INTO v_follower;
  RETURN QUERY SELECT 'unfollowed'::text, v_followee.followers, v_follower.following, v_followee.following, v_followee.recruited,
    v_followee.version, v_follower.followers, v_follower.recruited, v_follower.version;
END
$$;
