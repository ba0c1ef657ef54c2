-- The trigger function behind network_timeline_erased (migrations/20261205000005_network_timeline_triggers):
-- when an account's erasure records its tombstone (social.deleted_users, the erasure's last step,
-- src/data-rights/erase-user.ts), its timeline goes, and so does every entry naming it as the actor
-- (its activities' entries went with the activities; this also takes any an interrupted copy left).
-- A trigger on the tombstone, so the erasure of any release does it.
-- SECURITY DEFINER (as the table's owner, every name schema-qualified): the previous release's
-- processes, whose role has no rights on the timeline yet while an upgrade rolls, erase accounts too.
CREATE OR REPLACE FUNCTION social.forget_erased_timelines()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  DELETE FROM social.network_timeline t WHERE t.reader_id IN (SELECT e.user_id FROM erased e);
  DELETE FROM social.network_timeline t WHERE t.actor_id IN (SELECT e.user_id FROM erased e);
  RETURN NULL;
END
$$;
