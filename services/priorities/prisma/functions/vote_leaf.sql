-- The one source of this function (docs/sql-functions.md): change it here, then
-- npm run db:function-migration -- priorities vote_leaf   writes the migration that applies it.
--
-- A counted vote's open-data leaf (issue 23, docs/open-data.md): SHA-256(receipt nonce ‖ priority id
-- as lowercase UUID text ‖ vote type), the texts as UTF-8. The votes table keeps it as a generated
-- column, so the snapshot reads it instead of hashing two million rows, and it can never disagree with
-- the nonce. IMMUTABLE, as a generated column needs: the inputs alone decide it (convert_to from the
-- database's UTF-8 to UTF-8 changes nothing).
CREATE OR REPLACE FUNCTION priorities.vote_leaf(p_receipt_nonce bytea, p_priority_id uuid, p_vote_type text)
RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT sha256(p_receipt_nonce || convert_to(p_priority_id::text || p_vote_type, 'UTF8')) $$;
