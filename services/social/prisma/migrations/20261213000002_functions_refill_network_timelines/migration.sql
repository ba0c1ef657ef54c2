-- Made by npm run db:function-migration -- social refill_network_timelines
-- from services/social/prisma/functions/, where each function has its one source: edit the file
-- there and make a new migration; never edit this one.

-- Fills the network timelines from the edges and the activities (fan-out on write;
-- migrations/20261205000003_network_timeline): the accounts with wide_at_followers() followers or more
-- become wide, and each edge to a fanned-out followee brings the followee's timeline_copy_size()
-- newest activities, as a follow does (copy_to_timeline.sql; one statement here, for every edge at
-- once, rather than a call per edge). Entries already there stay. Answers how many it added (on a
-- timeline at its cap, copies older than its newest 200 are counted, then trimmed again).
-- Run by the network benchmark's seed (bench/seed-network.ts) and once by an operator after a rolling
-- upgrade to the release that made the timelines (docs/operations.md "Upgrades"): what the previous
-- release's processes wrote while its migration filled them (follows without their copy, activities
-- without their fan-out) is filled then. Nothing of an erased account stays: an erasure that
-- committed while this ran is seen by the last statements. Then every timeline keeps its
-- timeline_cap() newest entries, as after any addition (trim_network_timelines.sql).
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
  PERFORM social.trim_network_timelines(ARRAY(SELECT DISTINCT t.reader_id FROM social.network_timeline t));
  RETURN v_added;
END
$$;
