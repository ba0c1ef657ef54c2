-- DELETE /api/users/{id}/follow in one statement (src/network/follow-edges.ts), as follow_user: the
-- same locks in the same order (lock_network_pair), the edge, the follow activity that lives as long
-- as the edge, both counts and versions, and the events. The followee's entries leave the follower's
-- network timeline (a new follow copies the newest again), so no number of follow/unfollow cycles
-- leaves entries for the feed to walk past (SECURITY 32); the timeline is within timeline_cap(), so
-- the delete reads at most that many.
--
-- p_outbox: the outbox rows of FollowChanged and CountsChanged (followee, follower), in that order,
-- built and checked by the caller; each CountsChanged's counts and version are set here. Written
-- only when an edge was cut.
-- status: 'unfollowed' | 'unchanged' (no edge: nothing written) | 'deleted' | 'unknown'.
-- followers: the followee's; following: the follower's, after the unfollow.
CREATE OR REPLACE FUNCTION social.unfollow_user(
  p_lock_class int,
  p_follower_id uuid,
  p_followee_id uuid,
  p_outbox jsonb
) RETURNS TABLE (status text, followers int, following int)
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
    RETURN QUERY SELECT v_opened, 0, 0;
    RETURN;
  END IF;
  DELETE FROM social.follows f WHERE f.follower_id = p_follower_id AND f.followee_id = p_followee_id;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'unchanged'::text,
      (SELECT n.followers FROM social.user_network n WHERE n.user_id = p_followee_id),
      (SELECT n.following FROM social.user_network n WHERE n.user_id = p_follower_id);
    RETURN;
  END IF;
  DELETE FROM social.activities a WHERE a.type = 'follow' AND a.user_id = p_follower_id AND a.subject_id = p_followee_id;
  DELETE FROM social.network_timeline t WHERE t.reader_id = p_follower_id AND t.actor_id = p_followee_id;
  UPDATE social.user_network n SET followers = n.followers - 1, version = n.version + 1
  WHERE n.user_id = p_followee_id RETURNING n.* INTO v_followee;
  UPDATE social.user_network n SET following = n.following - 1, version = n.version + 1
  WHERE n.user_id = p_follower_id RETURNING n.* INTO v_follower;
  INSERT INTO social.outbox (id, subject, version, payload, headers, created_at)
  SELECT (r->>'id')::uuid, r->>'subject', (r->>'version')::int,
         CASE (r->'payload'->>'userId')::uuid
           WHEN p_followee_id THEN r->'payload' || jsonb_build_object('followers', v_followee.followers,
             'following', v_followee.following, 'recruited', v_followee.recruited, 'version', v_followee.version)
           WHEN p_follower_id THEN r->'payload' || jsonb_build_object('followers', v_follower.followers,
             'following', v_follower.following, 'recruited', v_follower.recruited, 'version', v_follower.version)
           ELSE r->'payload'
         END,
         r->'headers', (r->>'occurredAt')::timestamptz
  FROM jsonb_array_elements(p_outbox) WITH ORDINALITY AS t(r, n)
  ORDER BY t.n;
  RETURN QUERY SELECT 'unfollowed'::text, v_followee.followers, v_follower.following;
END
$$;
