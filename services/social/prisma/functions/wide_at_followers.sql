-- From how many followers an account is wide (fan-out on write; migrations/20261205000003_network_timeline):
-- its activities are no longer copied to its followers' timelines, for good, and the feed's read
-- merges them in from the activities (network_feed.sql). One source for fan_out_activities.sql,
-- which turns an account wide, and refill_network_timelines.sql, which fills as the two ways agree.
CREATE OR REPLACE FUNCTION social.wide_at_followers()
RETURNS int
LANGUAGE sql
IMMUTABLE
AS $$ SELECT 1000 $$;
