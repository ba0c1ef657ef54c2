-- Deleted activities leave the network timelines in the same statement, whatever deletes them
-- (functions/forget_timeline_entries.sql says why a trigger and not a foreign key).
CREATE TRIGGER "network_timeline_forget"
  AFTER DELETE ON "social"."activities"
  REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION social.forget_timeline_entries();
