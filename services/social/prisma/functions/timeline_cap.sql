-- How many entries a reader's network timeline keeps, its newest (SECURITY 32, issue 35): four of the
-- feed's largest pages (timeline_copy_size.sql), room for the entries the read skips (a followee made
-- private; an unfollowed or blocked actor's go at once), so an older one is reached only past a full
-- page of newer ones. It bounds the feed's walk and each reader's share of the table.
-- trim_network_timelines.sql keeps it; network_feed.sql walks no further.
CREATE OR REPLACE FUNCTION social.timeline_cap()
RETURNS int
LANGUAGE sql
IMMUTABLE
AS $$ SELECT 200 $$;
