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
