-- Puts a new activity into the network timelines of its actor's followers (fan-out on write; the
-- table and why: migrations/20261205000003_network_timeline). Called in the transaction that recorded
-- the activity: by social's event consumer (src/activities/record-activity.ts) and by follow_user
-- (the follow activity).
--
-- The actor's state row is locked first: a follow locks it too (lock_network_pair), so an activity
-- and a new follower's copy of the actor's newest activities (follow_user) never miss each other;
-- whichever commits second sees the other's rows.
-- From 1,000 followers on, the actor becomes wide, for good: this activity and every later one are
-- left to the feed's read, which merges a wide followee's activities itself.
CREATE OR REPLACE FUNCTION social.fan_out_activity(p_actor_id uuid, p_activity_id uuid, p_created_at timestamptz)
RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  v_actor social.user_network;
BEGIN
  INSERT INTO social.user_network (user_id) VALUES (p_actor_id) ON CONFLICT DO NOTHING;
  SELECT n.* INTO v_actor FROM social.user_network n WHERE n.user_id = p_actor_id FOR NO KEY UPDATE;
  IF NOT v_actor.fan_out THEN
    RETURN;
  END IF;
  IF v_actor.followers >= 1000 THEN
    UPDATE social.user_network n SET fan_out = false WHERE n.user_id = p_actor_id;
    RETURN;
  END IF;
  INSERT INTO social.network_timeline (reader_id, created_at, activity_id, actor_id)
  SELECT f.follower_id, p_created_at, p_activity_id, p_actor_id FROM social.follows f WHERE f.followee_id = p_actor_id
  ON CONFLICT DO NOTHING;
END
$$;
