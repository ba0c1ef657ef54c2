-- How many of a followee's newest activities a follow copies into the follower's timeline: the
-- feed's largest page (ACTIVITY_LIST_LIMITS.max; services/social/test/network-timeline.test.ts checks they agree), so
-- every page shows what it would have without the copy. One source for copy_to_timeline.sql and
-- refill_network_timelines.sql.
CREATE OR REPLACE FUNCTION social.timeline_copy_size()
RETURNS int
LANGUAGE sql
IMMUTABLE
AS $$ SELECT 50 $$;
