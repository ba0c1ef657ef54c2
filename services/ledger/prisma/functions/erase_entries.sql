-- The one source of this function (docs/sql-functions.md): change it here, then
-- npm run db:function-migration -- ledger erase_entries   writes the migration that applies it.
--
-- Account erasure deletes a user's entries through this function only. It runs as the owner of the
-- ledger's tables (SECURITY DEFINER), so the role the service runs as needs no DELETE on entries:
-- they are append-only by privilege as well as by trigger (SECURITY 16, issue 14 item 4). The
-- trigger still lets it delete only once the user's erasure tombstone exists.
CREATE OR REPLACE FUNCTION ledger.erase_entries(p_user_id uuid) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  erased integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ledger.deleted_users WHERE user_id = p_user_id) THEN
    RAISE EXCEPTION 'the entries of % can be erased only after its erasure tombstone', p_user_id USING ERRCODE = 'insufficient_privilege';
  END IF;
  DELETE FROM ledger.entries WHERE user_id = p_user_id;
  GET DIAGNOSTICS erased = ROW_COUNT;
  RETURN erased;
END
$$;
