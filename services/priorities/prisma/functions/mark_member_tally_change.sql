-- The trigger function behind members_tally_change (migrations/20261215000002_member_tally_change_trigger;
-- docs/ranking.md section 7a): whoever writes a member's state, visibility or counted state, the row
-- is pending exactly while the state it is counted in differs from its state on a public profile.
-- A writer that dates the change (the event consumers, with the service's clock) keeps its time;
-- one that does not (the previous release's consumers while an upgrade rolls, an operator's SQL)
-- gets the statement's; a write that puts the counted state back clears the mark.
CREATE OR REPLACE FUNCTION priorities.mark_member_tally_change()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF (CASE WHEN NEW.profile_public THEN NEW.state END) IS DISTINCT FROM NEW.counted_state THEN
    NEW.tally_change_pending_since := COALESCE(NEW.tally_change_pending_since, statement_timestamp());
  ELSE
    NEW.tally_change_pending_since := NULL;
  END IF;
  RETURN NEW;
END
$$;
