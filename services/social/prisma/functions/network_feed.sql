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
