-- The one source of this function (docs/sql-functions.md): change it here, then
-- npm run db:function-migration -- admin refuse_audit_change   writes the migration that applies it.
--
-- The trigger of admin.audit_logs (audit_logs_append_only, audit_logs_no_truncate; migration
-- 20261204000000_init): an audit entry is never updated nor deleted, and the table never truncated,
-- whoever asks; the owner must disable the trigger to alter history, and verification then names the entry.
CREATE OR REPLACE FUNCTION "admin"."refuse_audit_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit entries are append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
