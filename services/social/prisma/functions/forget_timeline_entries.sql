-- The trigger function behind network_timeline_forget (migrations/20261205000005_network_timeline_trigger):
-- whatever deletes activities (clearing one's history, erasure, a removed priority or briefing
-- document, an unfollow or a block taking the follow activity with it), their timeline entries go in
-- the same statement. A trigger, not a foreign key: a follow copying an activity that is being
-- deleted at that moment leaves an entry the read's join with the activities ignores, instead of
-- failing the follow.
CREATE OR REPLACE FUNCTION social.forget_timeline_entries()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM social.network_timeline t USING gone g WHERE t.activity_id = g.id;
  RETURN NULL;
END
$$;
