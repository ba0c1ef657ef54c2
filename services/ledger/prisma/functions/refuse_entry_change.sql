-- The one source of this function (docs/sql-functions.md): change it here, then
-- npm run db:function-migration -- ledger refuse_entry_change   writes the migration that applies it.
--
-- The trigger of ledger.entries (entries_append_only, entries_no_truncate; migration
-- 20261125000000_init): an entry is never updated, and deleted only by the erasure of its account,
-- which writes the deleted_users row (the tombstone) first in the same transaction (src/data-rights/erase-user.ts).
-- Nothing else in the application can remove or rewrite history; TRUNCATE is refused too.
CREATE OR REPLACE FUNCTION "ledger"."refuse_entry_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM ledger.deleted_users WHERE user_id = OLD.user_id) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'ledger entries are append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
