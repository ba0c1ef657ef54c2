// Every network timeline rebuilt from the edges and the activities, as the timeline's migration
// filled them (migrations/20261205000003_network_timeline): the accounts with 1,000 followers or more
// become wide, and each edge to a fanned-out followee brings the followee's 50 newest activities, as
// a follow does (follow_user.sql). For data written around the service's own paths: the network
// benchmark's seed (bench/seed-network.ts) and tests that write edges and activities directly.
// Idempotent: what is there already stays.
export const FILL_NETWORK_TIMELINES_SQL = [
  'UPDATE social.user_network SET fan_out = false WHERE followers >= 1000 AND fan_out',
  `INSERT INTO social.network_timeline (reader_id, created_at, activity_id, actor_id)
   SELECT f.follower_id, a.created_at, a.id, a.user_id
   FROM social.follows f
   CROSS JOIN LATERAL (
     SELECT x.id, x.created_at, x.user_id FROM social.activities x
     WHERE x.user_id = f.followee_id ORDER BY x.created_at DESC, x.id DESC LIMIT 50
   ) a
   WHERE NOT EXISTS (SELECT 1 FROM social.user_network n WHERE n.user_id = f.followee_id AND NOT n.fan_out)
   ON CONFLICT DO NOTHING`,
] as const;
