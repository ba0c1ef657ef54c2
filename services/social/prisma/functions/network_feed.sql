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
