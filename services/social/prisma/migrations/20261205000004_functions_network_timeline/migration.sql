-- Made by npm run db:function-migration -- social wide_at_followers timeline_copy_size fan_out_activities forget_timeline_entries forget_erased_timelines copy_to_timeline follow_user network_feed refill_network_timelines
-- from services/social/prisma/functions/, where each function has its one source: edit the file
-- there and make a new migration; never edit this one.

-- From how many followers an account is wide (fan-out on write; migrations/20261205000003_network_timeline):
-- its activities are no longer copied to its followers' timelines, for good, and the feed's read
-- merges them in from the activities (network_feed.sql). One source for fan_out_activities.sql,
-- which turns an account wide, and refill_network_timelines.sql, which fills as the two ways agree.
CREATE OR REPLACE FUNCTION social.wide_at_followers()
RETURNS int
LANGUAGE sql
IMMUTABLE
AS $$ SELECT 1000 $$;

-- How many of a followee's newest activities a follow copies into the follower's timeline: the
-- feed's largest page (ACTIVITY_LIST_LIMITS.max; services/social/test/network-timeline.test.ts checks they agree), so
-- every page shows what it would have without the copy. One source for copy_to_timeline.sql and
-- refill_network_timelines.sql.
CREATE OR REPLACE FUNCTION social.timeline_copy_size()
RETURNS int
LANGUAGE sql
IMMUTABLE
AS $$ SELECT 50 $$;

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
-- to the feed's read, which merges a wide followee's activities itself.
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
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;

-- The trigger function behind network_timeline_forget (migrations/20261205000005_network_timeline_triggers):
-- whatever deletes activities (clearing one's history, erasure, a removed priority or briefing
-- document, an unfollow or a block taking the follow activity with it), their timeline entries go in
-- the same statement. A trigger, not a foreign key: a follow copying an activity that is being
-- deleted at that moment leaves an entry the read's join with the activities ignores (and the actor's
-- erasure removes), instead of failing the follow. The deleted ids as an array, so the statement's
-- plan is the same index probe whatever the size of the first deletion it was planned for.
-- SECURITY DEFINER (as the table's owner, every name schema-qualified): the previous release's
-- processes, whose role has no rights on the timeline yet while an upgrade rolls, delete activities too.
CREATE OR REPLACE FUNCTION social.forget_timeline_entries()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  DELETE FROM social.network_timeline t
  USING (SELECT g.user_id, array_agg(g.id) AS ids FROM gone g GROUP BY g.user_id) d
  WHERE t.actor_id = d.user_id AND t.activity_id = ANY (d.ids);
  RETURN NULL;
END
$$;

-- The trigger function behind network_timeline_erased (migrations/20261205000005_network_timeline_triggers):
-- when an account's erasure records its tombstone (social.deleted_users, the erasure's last step,
-- src/data-rights/erase-user.ts), its timeline goes, and so does every entry naming it as the actor
-- (its activities' entries went with the activities; this also takes any an interrupted copy left).
-- A trigger on the tombstone, so the erasure of any release does it.
-- SECURITY DEFINER (as the table's owner, every name schema-qualified): the previous release's
-- processes, whose role has no rights on the timeline yet while an upgrade rolls, erase accounts too.
CREATE OR REPLACE FUNCTION social.forget_erased_timelines()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  DELETE FROM social.network_timeline t WHERE t.reader_id IN (SELECT e.user_id FROM erased e);
  DELETE FROM social.network_timeline t WHERE t.actor_id IN (SELECT e.user_id FROM erased e);
  RETURN NULL;
END
$$;

-- A new follow's copy of the followee's newest activities (timeline_copy_size.sql) into the
-- follower's network timeline (follow_user.sql; fan_out_activities.sql brings the later ones).
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
$$;

-- POST /api/users/{id}/follow in one statement (src/network/follow-edges.ts): what was an interactive
-- transaction of ~16 statements, each a round trip through the client, runs in the statement's own
-- transaction with the same locks in the same order (lock_network_pair), so a follow holds a pooled
-- connection for one round trip (docs/benchmarks.md, issue 18).
--
-- p_outbox: the outbox rows of CountsChanged (followee, follower) and FollowChanged, in that order,
-- built and checked by the caller (buildOutboxRows); the counts and version of each CountsChanged
-- are set here from the state row the function changed. Written only when the edge is new.
-- p_activity_id, p_activity_event_id: the follow activity's id and source event id.
-- status: 'followed' | 'unchanged' (the edge was there: nothing written) | 'blocked' (either blocked
-- the other) | 'deleted' | 'unknown' (lock_network_pair). followers: the followee's; following: the
-- follower's, after the follow (0 unless followed or unchanged).
CREATE OR REPLACE FUNCTION social.follow_user(
  p_lock_class int,
  p_follower_id uuid,
  p_followee_id uuid,
  p_at timestamptz,
  p_activity_id uuid,
  p_activity_event_id uuid,
  p_outbox jsonb
) RETURNS TABLE (status text, followers int, following int)
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
    RETURN QUERY SELECT v_opened, 0, 0;
    RETURN;
  END IF;
  -- Under the state locks, which a block takes too: a block committed meanwhile is seen here. The
  -- state rows just created stay (all zeros, which is what a missing row counts as).
  IF EXISTS (SELECT 1 FROM social.blocks b
             WHERE (b.blocker_id = p_follower_id AND b.blocked_id = p_followee_id)
                OR (b.blocker_id = p_followee_id AND b.blocked_id = p_follower_id)) THEN
    RETURN QUERY SELECT 'blocked'::text, 0, 0;
    RETURN;
  END IF;
  -- The primary key makes a duplicate impossible, whatever runs at once.
  INSERT INTO social.follows (follower_id, followee_id, created_at) VALUES (p_follower_id, p_followee_id, p_at)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'unchanged'::text,
      (SELECT n.followers FROM social.user_network n WHERE n.user_id = p_followee_id),
      (SELECT n.following FROM social.user_network n WHERE n.user_id = p_follower_id);
    RETURN;
  END IF;
  -- Relative, under the locks; the CHECKs (>= 0) refuse any drift (network-state.ts).
  UPDATE social.user_network n SET followers = n.followers + 1, version = n.version + 1
  WHERE n.user_id = p_followee_id RETURNING n.* INTO v_followee;
  UPDATE social.user_network n SET following = n.following + 1, version = n.version + 1
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
  RETURN QUERY SELECT 'followed'::text, v_followee.followers, v_follower.following;
END
$$;

-- GET /api/activities?network=true (src/activities/list-activities.ts): the p_limit newest public
-- activities of the people p_viewer_id follows, never of someone blocked either way, newest first
-- by (created_at, id).
--
-- Fanned-out followees (fan_out_activities.sql) are read from the viewer's timeline, newest first,
-- through a cursor that stops at the p_limit-th entry that still qualifies (the edge is there: an
-- unfollow or a block leaves entries behind; the actor's activity is public; neither blocked the
-- other; the activity exists). A loop, not one statement: the planner cannot tell how many of a
-- timeline's entries qualify nor how long a reader's timeline is, and for the benchmark's readers
-- (9,500 entries each) it planned the join from the 1,000 edges, fetching every entry and sorting,
-- 2.2 s a read instead of a few milliseconds (docs/benchmarks.md, "Citizen network").
--
-- Wide followees (fan_out false, from 1,000 followers on) are merged in from the activities: each
-- one's newest time (an index-only probe), the p_limit newest of those WITH TIES (if u's activity x
-- is in the feed, every wide followee whose newest is newer than x has one before it, so fewer than
-- p_limit rank above u), their p_limit newest each. The first p_limit of both ways.
CREATE OR REPLACE FUNCTION social.network_feed(p_viewer_id uuid, p_limit int)
RETURNS TABLE (id uuid, type text, description text, created_at timestamptz, user_id uuid, first_name text, last_name text, profile_image_url text)
LANGUAGE plpgsql
STABLE
AS $$
#variable_conflict use_column
DECLARE
  v_entry record;
  v_hidden uuid[];
  v_fanned uuid[] := '{}';
  v_wide uuid[];
BEGIN
  SELECT coalesce(array_agg(h.user_id), '{}') INTO v_hidden FROM (
    SELECT b.blocked_id AS user_id FROM social.blocks b WHERE b.blocker_id = p_viewer_id
    UNION ALL SELECT b.blocker_id FROM social.blocks b WHERE b.blocked_id = p_viewer_id
  ) h;
  FOR v_entry IN
    SELECT t.activity_id, t.actor_id FROM social.network_timeline t
    WHERE t.reader_id = p_viewer_id ORDER BY t.created_at DESC, t.activity_id DESC
  LOOP
    IF v_entry.actor_id <> ALL (v_hidden)
       AND EXISTS (SELECT 1 FROM social.follows f WHERE f.follower_id = p_viewer_id AND f.followee_id = v_entry.actor_id)
       AND coalesce((SELECT m.activity_visibility FROM social.members m WHERE m.user_id = v_entry.actor_id), 'public') = 'public'
       AND EXISTS (SELECT 1 FROM social.activities a WHERE a.id = v_entry.activity_id) THEN
      v_fanned := v_fanned || v_entry.activity_id;
      EXIT WHEN cardinality(v_fanned) >= p_limit;
    END IF;
  END LOOP;
  -- The wide accounts the viewer follows (their visibility is checked below, for these few only).
  SELECT coalesce(array_agg(f.followee_id), '{}') INTO v_wide FROM social.follows f
  WHERE f.follower_id = p_viewer_id
    AND f.followee_id IN (SELECT n.user_id FROM social.user_network n WHERE NOT n.fan_out)
    AND f.followee_id <> ALL (v_hidden);
  RETURN QUERY
    WITH newest_wide AS (
      SELECT w.user_id FROM unnest(v_wide) AS w(user_id)
      CROSS JOIN LATERAL (SELECT a.created_at FROM social.activities a WHERE a.user_id = w.user_id ORDER BY a.created_at DESC LIMIT 1) l
      WHERE coalesce((SELECT m.activity_visibility FROM social.members m WHERE m.user_id = w.user_id), 'public') = 'public'
      ORDER BY l.created_at DESC FETCH FIRST (p_limit) ROWS WITH TIES
    ), pulled AS (
      SELECT p.id FROM newest_wide w
      CROSS JOIN LATERAL (SELECT a.id, a.created_at FROM social.activities a WHERE a.user_id = w.user_id ORDER BY a.created_at DESC, a.id DESC LIMIT p_limit) p
      ORDER BY p.created_at DESC, p.id DESC LIMIT p_limit
    ), chosen AS (
      SELECT c.id FROM unnest(v_fanned) AS c(id)
      UNION
      SELECT p.id FROM pulled p
    )
    SELECT a.id, a.type, a.description, a.created_at::timestamptz, a.user_id, m.first_name, m.last_name, m.profile_image_url
    FROM social.activities a LEFT JOIN social.members m ON m.user_id = a.user_id
    WHERE a.id IN (SELECT c.id FROM chosen c)
    ORDER BY a.created_at DESC, a.id DESC
    LIMIT p_limit;
END
$$;

-- Fills the network timelines from the edges and the activities (fan-out on write;
-- migrations/20261205000003_network_timeline): the accounts with wide_at_followers() followers or more
-- become wide, and each edge to a fanned-out followee brings the followee's timeline_copy_size()
-- newest activities, as a follow does (copy_to_timeline.sql; one statement here, for every edge at
-- once, rather than a call per edge). Idempotent: entries already there stay. Answers how many it added.
-- Run by the network benchmark's seed (bench/seed-network.ts) and once by an operator after a rolling
-- upgrade to the release that made the timelines (docs/operations.md "Upgrades"): what the previous
-- release's processes wrote while its migration filled them (follows without their copy, activities
-- without their fan-out) is filled then. Nothing of an erased account stays: an erasure that
-- committed while this ran is seen by the last statement.
CREATE OR REPLACE FUNCTION social.refill_network_timelines()
RETURNS bigint
LANGUAGE plpgsql
AS $$
DECLARE
  v_added bigint;
BEGIN
  UPDATE social.user_network n SET fan_out = false WHERE n.followers >= social.wide_at_followers() AND n.fan_out;
  INSERT INTO social.network_timeline (reader_id, created_at, activity_id, actor_id)
  SELECT f.follower_id, a.created_at, a.id, a.user_id
  FROM social.follows f
  CROSS JOIN LATERAL (
    SELECT x.id, x.created_at, x.user_id FROM social.activities x
    WHERE x.user_id = f.followee_id ORDER BY x.created_at DESC, x.id DESC LIMIT social.timeline_copy_size()
  ) a
  WHERE NOT EXISTS (SELECT 1 FROM social.user_network n WHERE n.user_id = f.followee_id AND NOT n.fan_out)
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS v_added = ROW_COUNT;
  DELETE FROM social.network_timeline t WHERE t.reader_id IN (SELECT d.user_id FROM social.deleted_users d);
  DELETE FROM social.network_timeline t WHERE t.actor_id IN (SELECT d.user_id FROM social.deleted_users d);
  RETURN v_added;
END
$$;
