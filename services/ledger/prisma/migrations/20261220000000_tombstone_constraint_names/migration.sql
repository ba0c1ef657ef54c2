-- Where PostgreSQL names NOT NULL constraints (18, and PGlite), a deleted_users renamed from
-- erased_accounts (20261203000000_deleted_users, before the kit made the table) kept the old names;
-- they become the names the kit's deleted_users has, so every database holds the same schema.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'ledger.deleted_users'::regclass AND conname = 'erased_accounts_user_id_not_null') THEN
    ALTER TABLE ledger.deleted_users RENAME CONSTRAINT erased_accounts_user_id_not_null TO deleted_users_user_id_not_null;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'ledger.deleted_users'::regclass AND conname = 'erased_accounts_erased_at_not_null') THEN
    ALTER TABLE ledger.deleted_users RENAME CONSTRAINT erased_accounts_erased_at_not_null TO deleted_users_deleted_at_not_null;
  END IF;
END
$$;
