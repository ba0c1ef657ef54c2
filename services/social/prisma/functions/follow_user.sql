-- POST /api/users/{id}/follow in one call (src/network/follow-edges.ts): what was an interactive
-- transaction of ~16 statements, each a round trip through the client, runs in one function with the
-- same locks in the same order (lock_network_pair); with the events the caller writes after it in the
-- same transaction, a follow holds a pooled connection for two round trips (docs/benchmarks.md).
--
-- The events (CountsChanged of both, FollowChanged) are the caller's to write, through the kit's outbox
-- in the same transaction, when the edge is new: it answers the two state rows' counts and versions.
-- p_activity_id, p_activity_event_id: the follow activity's id and source event id.
-- status: 'followed' | 'unchanged' (the edge was there: nothing written) | 'blocked' (either blocked
-- the other) | 'deleted' | 'unknown' (lock_network_pair). followers: the followee's; following: the
-- follower's, after the follow (0 unless followed or unchanged). followee_* and follower_*: the rest
-- of each state row after a follow (0 otherwise), for CountsChanged.
CREATE OR REPLACE FUNCTION social.follow_user(
  p_lock_class int,
  p_follower_id uuid,
  p_followee_id uuid,
  p_at timestamptz,
  p_activity_id uuid,
  p_activity_event_id uuid
) RETURNS TABLE (status text, followers int, following int, followee_following int, followee_recruited int, followee_version int,
                 follower_followers int, follower_recruited int, follower_version int)
LANGUAGE plpgsql
-- A follow queued behind others on one citizen's row gives up after 10 s (a 500 the client may
-- retry; nothing was written), as the interactive transaction's timeout did.
SET lock_timeout = '10s'
AS $$
DECLARE
  v_opened text;
  v_followee social.user_network;
  v_follower social.user_network;
  v_name text;
BEGIN
  v_opened := social.lock_network_pair(p_lock_class, p_follower_id, p_followee_id);
  IF v_opened <> 'ok' THEN
    RETURN QUERY SELECT v_opened, 0, 0, 0, 0, 0, 0, 0, 0;
    RETURN;
  END IF;
  -- Under the state locks, which a block takes too: a block committed meanwhile is seen here. The
  -- state rows just created stay (all zeros, which is what a missing row counts as).
  IF EXISTS (SELECT 1 FROM social.blocks b
             WHERE (b.blocker_id = p_follower_id AND b.blocked_id = p_followee_id)
                OR (b.blocker_id = p_followee_id AND b.blocked_id = p_follower_id)) THEN
    RETURN QUERY SELECT 'blocked'::text, 0, 0, 0, 0, 0, 0, 0, 0;
    RETURN;
  END IF;
  -- The primary key makes a duplicate impossible, whatever runs at once.
  INSERT INTO social.follows (follower_id, followee_id, created_at) VALUES (p_follower_id, p_followee_id, p_at)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'unchanged'::text,
      (SELECT n.followers FROM social.user_network n WHERE n.user_id = p_followee_id),
      (SELECT n.following FROM social.user_network n WHERE n.user_id = p_follower_id), 0, 0, 0, 0, 0, 0;
    RETURN;
  END IF;
  -- Relative, under the locks; the CHECKs (>= 0) refuse any drift (network-state.ts).
  UPDATE social.user_network n SET followers = n.followers + 1, version = n.version + 1
  WHERE n.user_id = p_followee_id RETURNING n.* INTO v_followee;
  UPDATE social.user_network n SET following = n.following + 1, version = n.version + 1
  WHERE n.user_id = p_follower_id RETURNING n.* INTO v_follower;
  -- The follower's activity, "Followed <first> <last>" with the names social holds now, or "Followed
  -- a citizen" (as src/activities/describe-activity.ts describes the other kinds).
  SELECT concat_ws(' ', nullif(btrim(m.first_name, E' \t\n\r\f\v'), ''), nullif(btrim(m.last_name, E' \t\n\r\f\v'), ''))
  INTO v_name FROM social.members m WHERE m.user_id = p_followee_id;
  INSERT INTO social.activities (id, user_id, type, description, subject_id, source_event_id, created_at)
  VALUES (p_activity_id, p_follower_id, 'follow', 'Followed ' || coalesce(nullif(v_name, ''), 'a citizen'),
          p_followee_id, p_activity_event_id, p_at);
  -- The network feed's timeline (fan_out_activities.sql took the follow activity to the follower's
  -- followers just now): the followee's newest join the follower's (copy_to_timeline.sql). A wide
  -- followee's are read from the activities themselves.
  IF v_followee.fan_out THEN
    PERFORM social.copy_to_timeline(p_follower_id, p_followee_id);
  END IF;
  RETURN QUERY SELECT 'followed'::text, v_followee.followers, v_follower.following, v_followee.following, v_followee.recruited,
    v_followee.version, v_follower.followers, v_follower.recruited, v_follower.version;
END
$$;
