-- Made by npm run db:function-migration -- social timeline_cap blocked_either_way trim_network_timelines copy_to_timeline fan_out_activities unfollow_user block_user network_feed
-- from services/social/prisma/functions/, where each function has its one source: edit the file
-- there and make a new migration; never edit this one.

-- How many entries a reader's network timeline keeps, its newest (SECURITY 32, issue 35): four of the
-- feed's largest pages (timeline_copy_size.sql), room for the entries the read skips (a followee made
-- private; an unfollowed or blocked actor's go at once), so an older one is reached only past a full
-- page of newer ones. It bounds the feed's walk and each reader's share of the table.
-- trim_network_timelines.sql keeps it; network_feed.sql walks no further.
CREATE OR REPLACE FUNCTION social.timeline_cap()
RETURNS int
LANGUAGE sql
IMMUTABLE
AS $$ SELECT 200 $$;

-- Whether either of two users blocked the other: two probes of blocks' primary key, for the network
-- feed (network_feed.sql), which asks it of each entry it keeps instead of reading the viewer's
-- whole block list (SECURITY 32). A block also cuts the edges both ways and refuses a follow either
-- way under the pair's locks (block_user.sql, follow_user.sql), so an entry that passes the feed's
-- edge check passes this too; kept as the rule said where it is read.
CREATE OR REPLACE FUNCTION social.blocked_either_way(p_user_id uuid, p_other_id uuid)
RETURNS boolean
LANGUAGE sql
STABLE
AS $$
  SELECT EXISTS (SELECT 1 FROM social.blocks b WHERE b.blocker_id = p_user_id AND b.blocked_id = p_other_id)
      OR EXISTS (SELECT 1 FROM social.blocks b WHERE b.blocker_id = p_other_id AND b.blocked_id = p_user_id);
$$;

-- Keeps each of p_readers' network timelines to its timeline_cap() newest entries (timeline_cap.sql),
-- after anything added to them: the fan-out of new activities (fan_out_activities.sql) and a follow's
-- copy (copy_to_timeline.sql). Per reader one probe of the key at the cap (a short walk of the
-- reader's newest entries) and a range delete of what lies below it; a timeline within the cap
-- finds no entry there and deletes nothing. Timelines stay within the cap, so each addition deletes
-- about as many entries as it added. Its callers run as the table's owner (SECURITY DEFINER).
CREATE OR REPLACE FUNCTION social.trim_network_timelines(p_readers uuid[])
RETURNS void
LANGUAGE sql
AS $$
  DELETE FROM social.network_timeline t
  USING unnest(p_readers) AS r(reader_id)
  CROSS JOIN LATERAL (
    SELECT x.created_at, x.activity_id FROM social.network_timeline x
    WHERE x.reader_id = r.reader_id ORDER BY x.created_at DESC, x.activity_id DESC
    OFFSET social.timeline_cap() LIMIT 1
  ) k
  WHERE t.reader_id = r.reader_id AND (t.created_at, t.activity_id) <= (k.created_at, k.activity_id);
$$;

-- A new follow's copy of the followee's newest activities (timeline_copy_size.sql) into the
-- follower's network timeline (follow_user.sql; fan_out_activities.sql brings the later ones), which
-- then keeps its timeline_cap() newest entries (trim_network_timelines.sql).
-- SECURITY DEFINER (as the table's owner, every name schema-qualified): the previous release's
-- processes call follow_user too while an upgrade rolls, and their role has no rights on the timeline yet.
CREATE OR REPLACE FUNCTION social.copy_to_timeline(p_reader_id uuid, p_actor_id uuid)
RETURNS void
LANGUAGE sql
SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
  INSERT INTO social.network_timeline (reader_id, created_at, activity_id, actor_id)
  SELECT p_reader_id, a.created_at, a.id, a.user_id FROM social.activities a
  WHERE a.user_id = p_actor_id ORDER BY a.created_at DESC, a.id DESC LIMIT social.timeline_copy_size()
  ON CONFLICT DO NOTHING;
  SELECT social.trim_network_timelines(ARRAY[p_reader_id]);
$$;

-- The trigger function behind activities_fan_out (migrations/20261205000005_network_timeline_triggers):
-- new activities go into the network timelines of their actors' followers (fan-out on write; the
-- table and why: migrations/20261205000003_network_timeline). A trigger, so every writer does it in
-- the statement that records the activity: social's event consumer, follow_user (the follow
-- activity), and a replica of the previous release during a rolling deploy.
--
-- Each actor's state row is locked first, actors in id order (two statements adding activities of
-- the same actors queue instead of deadlocking). A follow locks it too (lock_network_pair), so an
-- activity and a new follower's copy of the actor's newest activities (follow_user) never miss each
-- other: whichever commits second sees the other's rows.
-- From social.wide_at_followers() (1,000) followers on, an actor becomes wide, for good: its activities from then on are left
-- to the feed's read, which merges a wide followee's activities itself. Each follower's timeline is
-- then trimmed to timeline_cap() entries.
-- SECURITY DEFINER (as the table's owner, every name schema-qualified): the previous release's
-- processes, whose role has no rights on the timeline yet while an upgrade rolls, write activities too.
CREATE OR REPLACE FUNCTION social.fan_out_activities()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
  v_actor_id uuid;
  v_actor social.user_network;
BEGIN
  -- Every actor's state row made first, then each locked, both in id order (as lock_network_pair).
  INSERT INTO social.user_network (user_id) SELECT DISTINCT a.user_id FROM added a ORDER BY 1 ON CONFLICT DO NOTHING;
  FOR v_actor_id IN SELECT DISTINCT a.user_id FROM added a ORDER BY a.user_id LOOP
    SELECT n.* INTO v_actor FROM social.user_network n WHERE n.user_id = v_actor_id FOR NO KEY UPDATE;
    IF v_actor.fan_out AND v_actor.followers >= social.wide_at_followers() THEN
      UPDATE social.user_network n SET fan_out = false WHERE n.user_id = v_actor_id;
    ELSIF v_actor.fan_out THEN
      INSERT INTO social.network_timeline (reader_id, created_at, activity_id, actor_id)
      SELECT f.follower_id, a.created_at, a.id, a.user_id
      FROM added a JOIN social.follows f ON f.followee_id = a.user_id
      WHERE a.user_id = v_actor_id
      ON CONFLICT DO NOTHING;
      -- Each follower's timeline back to its cap (trim_network_timelines.sql).
      PERFORM social.trim_network_timelines(array_agg(f.follower_id)) FROM social.follows f WHERE f.followee_id = v_actor_id;
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;

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

-- GET /api/activities?network=true (src/activities/list-activities.ts): the p_limit newest public
-- activities of the people p_viewer_id follows, never of someone blocked either way, newest first
-- by (created_at, id).
--
-- Fanned-out followees (fan_out_activities.sql) are read from the viewer's timeline, newest first,
-- through a cursor that stops at the p_limit-th entry that still qualifies (the edge is there; the
-- actor's activity is public; neither blocked the other; the activity exists), and at the
-- timeline_cap()-th entry whatever it found (SECURITY 32): a timeline is trimmed to that many
-- (trim_network_timelines.sql), unfollows and blocks remove their entries, so the entries skipped are
-- those of followees made private. Each check is a probe by primary key (the block both ways
-- included): no list of the viewer's blocks or follows is read whole. A loop, not one statement: the planner cannot tell how many of a
-- timeline's entries qualify nor how long a reader's timeline is, and for the benchmark's readers
-- (9,500 entries each) it planned the join from the 1,000 edges, fetching every entry and sorting,
-- 2.2 s a read instead of a few milliseconds (docs/benchmarks.md, "Citizen network").
--
-- Wide followees (fan_out false, from 1,000 followers on) are merged in from the activities. Once the
-- timeline has given a full page, its last entry's time is a floor: an activity older than that
-- cannot be in the page. Each wide followee's newest time (an index-only probe), kept if at or above
-- the floor; the p_limit newest of those WITH TIES (if u's activity x is in the feed, every wide
-- followee whose newest is newer than x has one before it, so fewer than p_limit rank above u); their
-- p_limit newest each, at or above the floor. Then the first p_limit of both ways, ranked by the times
-- the timeline and the index hold, and only those are fetched with their actors' names. On the
-- benchmark's readers the floor and the late fetch took a read from ~950 buffers to ~630. A timeline
-- entry's created_at is its activity's (every writer copies a.created_at), so an activity found both
-- ways (fanned out before its author became wide) is one candidate after the UNION.
CREATE OR REPLACE FUNCTION social.network_feed(p_viewer_id uuid, p_limit int)
RETURNS TABLE (id uuid, type text, description text, created_at timestamptz, user_id uuid, first_name text, last_name text, profile_image_url text)
LANGUAGE plpgsql
STABLE
AS $$
#variable_conflict use_column
DECLARE
  v_entry record;
  v_fanned uuid[] := '{}';
  v_fanned_at timestamptz[] := '{}';
  v_floor timestamptz := '-infinity';
  v_wide uuid[];
BEGIN
  FOR v_entry IN
    SELECT t.activity_id, t.actor_id, t.created_at FROM social.network_timeline t
    WHERE t.reader_id = p_viewer_id ORDER BY t.created_at DESC, t.activity_id DESC
    LIMIT social.timeline_cap()
  LOOP
    IF EXISTS (SELECT 1 FROM social.follows f WHERE f.follower_id = p_viewer_id AND f.followee_id = v_entry.actor_id)
       AND coalesce((SELECT m.activity_visibility FROM social.members m WHERE m.user_id = v_entry.actor_id), 'public') = 'public'
       AND NOT social.blocked_either_way(p_viewer_id, v_entry.actor_id)
       AND EXISTS (SELECT 1 FROM social.activities a WHERE a.id = v_entry.activity_id) THEN
      v_fanned := v_fanned || v_entry.activity_id;
      v_fanned_at := v_fanned_at || v_entry.created_at;
      IF cardinality(v_fanned) >= p_limit THEN
        v_floor := v_entry.created_at;
        EXIT;
      END IF;
    END IF;
  END LOOP;
  -- The wide accounts the viewer follows (their visibility is checked below, for these few only).
  SELECT coalesce(array_agg(f.followee_id), '{}') INTO v_wide FROM social.follows f
  WHERE f.follower_id = p_viewer_id
    AND f.followee_id IN (SELECT n.user_id FROM social.user_network n WHERE NOT n.fan_out)
    AND NOT social.blocked_either_way(p_viewer_id, f.followee_id);
  RETURN QUERY
    WITH newest_wide AS (
      SELECT w.user_id FROM unnest(v_wide) AS w(user_id)
      CROSS JOIN LATERAL (SELECT a.created_at FROM social.activities a WHERE a.user_id = w.user_id ORDER BY a.created_at DESC LIMIT 1) l
      WHERE l.created_at >= v_floor
        AND coalesce((SELECT m.activity_visibility FROM social.members m WHERE m.user_id = w.user_id), 'public') = 'public'
      ORDER BY l.created_at DESC FETCH FIRST (p_limit) ROWS WITH TIES
    ), candidates AS (
      SELECT c.id, c.created_at FROM unnest(v_fanned, v_fanned_at) AS c(id, created_at)
      UNION
      SELECT p.id, p.created_at FROM newest_wide w
      CROSS JOIN LATERAL (SELECT a.id, a.created_at FROM social.activities a
                          WHERE a.user_id = w.user_id AND a.created_at >= v_floor
                          ORDER BY a.created_at DESC, a.id DESC LIMIT p_limit) p
    ), chosen AS (
      SELECT c.id FROM candidates c ORDER BY c.created_at DESC, c.id DESC LIMIT p_limit
    )
    SELECT a.id, a.type, a.description, a.created_at::timestamptz, a.user_id, m.first_name, m.last_name, m.profile_image_url
    FROM chosen c JOIN social.activities a ON a.id = c.id LEFT JOIN social.members m ON m.user_id = a.user_id
    ORDER BY a.created_at DESC, a.id DESC;
END
$$;
