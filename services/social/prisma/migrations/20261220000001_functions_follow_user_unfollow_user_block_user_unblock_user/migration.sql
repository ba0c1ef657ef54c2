-- Made by npm run db:function-migration -- social follow_user unfollow_user block_user unblock_user
-- from services/social/prisma/functions/, where each function has its one source: edit the file
-- there and make a new migration; never edit this one.

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
