-- The one source of this function (docs/sql-functions.md): change it here, then
-- npm run db:function-migration -- priorities refuse_document_update   writes the migration that applies it.
--
-- The trigger of priorities.open_data_documents and open_data_document_parts (migration
-- 20261214000000_open_data_documents): a published snapshot's stored documents are never updated;
-- the retention deletes whole snapshots only.
CREATE OR REPLACE FUNCTION "priorities"."refuse_document_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'published snapshot documents are immutable: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
