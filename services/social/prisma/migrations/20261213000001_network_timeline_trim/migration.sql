-- The network timelines kept to what the feed can show (issue 35, SECURITY 32; the functions of
-- 20261213000000 keep them so from now on): the entries that earlier unfollows and blocks left
-- behind (no edge from the reader to the actor any more) go, and each reader keeps its
-- timeline_cap() newest entries. Deletes only: a writer of the previous release adding entries
-- meanwhile is trimmed at its reader's next addition.
DELETE FROM "social"."network_timeline" t
WHERE NOT EXISTS (SELECT 1 FROM "social"."follows" f WHERE f."follower_id" = t."reader_id" AND f."followee_id" = t."actor_id");

SELECT social.trim_network_timelines(ARRAY(SELECT DISTINCT t."reader_id" FROM "social"."network_timeline" t));
