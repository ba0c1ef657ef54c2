-- The trigger function behind network_timeline_forget (migrations/20261205000005_network_timeline_triggers):
-- whatever deletes activities (clearing one's history, erasure, a removed priority or briefing
-- document, an unfollow or a block taking the follow activity with it), their timeline entries go in
-- the same statement. A trigger, not a foreign key: a follow copying an activity that is being
-- deleted at that moment leaves an entry the read's join with the activities ignores (and the actor's
-- erasure removes), instead of failing the follow. The deleted ids as an array, so the statement's
-- plan is the same index probe whatever the size of the first deletion it was planned for.
-- SECURITY DEFINER (as the table's owner, every name schema-qualified): the previous release's
-- processes, whose role has no rights on the timeline yet while an upgrade rolls, delete activities too.
CREATE OR REPLACE FUNCTION social.forget_timeline_entries()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  DELETE FROM social.network_timeline t
  USING (SELECT g.user_id, array_agg(g.id) AS ids FROM gone g GROUP BY g.user_id) d
  WHERE t.actor_id = d.user_id AND t.activity_id = ANY (d.ids);
  RETURN NULL;
END
$$;
