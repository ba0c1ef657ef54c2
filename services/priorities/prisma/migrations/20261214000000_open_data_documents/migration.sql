-- Snapshots are files (issue 35 item 6, docs/open-data.md): each snapshot's published documents (the
-- JSON and the CSV, each as is, gzip and br) are written once, when the snapshot is taken, and served
-- from storage ever after instead of being rebuilt from the leaves per download.

-- One stored representation of a snapshot's document. The bytes are in open_data_document_parts
-- (storage 'database': the distributed profile, whose replicas share the database) or in a file under
-- DATA_DIR/open-data (storage 'file': the embedded profile). sha256 is the representation's strong ETag.
CREATE TABLE priorities.open_data_documents (
  snapshot_id uuid NOT NULL REFERENCES priorities.open_data_snapshots (id) ON DELETE CASCADE,
  format      text NOT NULL CHECK (format IN ('json', 'csv')),
  encoding    text NOT NULL CHECK (encoding IN ('identity', 'gzip', 'br')),
  byte_size   bigint NOT NULL CHECK (byte_size >= 0),
  sha256      bytea NOT NULL CHECK (octet_length(sha256) = 32),
  storage     text NOT NULL CHECK (storage IN ('database', 'file')),
  -- Bytes per part (the last may hold fewer); null for a file.
  part_size   int CHECK (part_size > 0),
  CHECK ((storage = 'database') = (part_size IS NOT NULL)),
  PRIMARY KEY (snapshot_id, format, encoding)
);

-- A representation's bytes, part_size at a time, so a range is read without the rest. The document's
-- row is written after its parts (its size and hash are known at the end): the reference is checked
-- at commit.
CREATE TABLE priorities.open_data_document_parts (
  snapshot_id uuid NOT NULL,
  format      text NOT NULL,
  encoding    text NOT NULL,
  part_no     int NOT NULL CHECK (part_no >= 0),
  bytes       bytea NOT NULL CHECK (octet_length(bytes) > 0),
  PRIMARY KEY (snapshot_id, format, encoding, part_no),
  FOREIGN KEY (snapshot_id, format, encoding) REFERENCES priorities.open_data_documents (snapshot_id, format, encoding)
    ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED
);
-- Compressed (or random hex) bytes gain nothing from pglz, and uncompressed out-of-line values let
-- substring() read only the TOAST chunks of a range.
ALTER TABLE priorities.open_data_document_parts ALTER COLUMN bytes SET STORAGE EXTERNAL;

-- Published documents never change: only whole snapshots are deleted (the retention).
CREATE OR REPLACE FUNCTION "priorities"."refuse_document_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'published snapshot documents are immutable: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER open_data_documents_immutable BEFORE UPDATE ON priorities.open_data_documents
  FOR EACH ROW EXECUTE FUNCTION "priorities"."refuse_document_update"();
CREATE TRIGGER open_data_document_parts_immutable BEFORE UPDATE ON priorities.open_data_document_parts
  FOR EACH ROW EXECUTE FUNCTION "priorities"."refuse_document_update"();
