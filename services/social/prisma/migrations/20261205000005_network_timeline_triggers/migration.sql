-- The network timelines' rules, held by the database for every writer (the functions' files say why):
-- new activities fanned out to the followers, deleted activities' entries removed, an erased
-- account's timeline and entries removed with its tombstone.
CREATE TRIGGER "activities_fan_out"
  AFTER INSERT ON "social"."activities"
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION social.fan_out_activities();

CREATE TRIGGER "network_timeline_forget"
  AFTER DELETE ON "social"."activities"
  REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION social.forget_timeline_entries();

CREATE TRIGGER "network_timeline_erased"
  AFTER INSERT ON "social"."deleted_users"
  REFERENCING NEW TABLE AS erased
  FOR EACH STATEMENT EXECUTE FUNCTION social.forget_erased_timelines();
