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
