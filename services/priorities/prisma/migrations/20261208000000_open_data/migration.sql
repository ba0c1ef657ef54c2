-- The open agenda (issue 23, docs/open-data.md): a receipt nonce on every vote, and the published
-- snapshots of the ranking with one leaf per counted vote.

-- gen_random_bytes: 32 bytes from the server's strong random source (a trusted extension, like pg_trgm).
CREATE EXTENSION IF NOT EXISTS pgcrypto WITH SCHEMA public;

-- A vote's receipt nonce: shown only to its voter, it makes the vote's published leaf
-- SHA-256(nonce ‖ priority id ‖ vote type) unlinkable to the voter and to their other votes.
-- Votes cast before this migration get one now. apply_vote gives a switch a new one (DEFAULT).
ALTER TABLE priorities.votes ADD COLUMN receipt_nonce bytea;
UPDATE priorities.votes SET receipt_nonce = public.gen_random_bytes(32);
ALTER TABLE priorities.votes
  ALTER COLUMN receipt_nonce SET DEFAULT public.gen_random_bytes(32),
  ALTER COLUMN receipt_nonce SET NOT NULL,
  ADD CONSTRAINT votes_receipt_nonce_length CHECK (octet_length(receipt_nonce) = 32);

-- One published snapshot. Immutable once committed: written in one transaction, never updated
-- (the retention job deletes whole old snapshots only).
CREATE TABLE priorities.open_data_snapshots (
  id               uuid PRIMARY KEY,
  taken_at         timestamptz(3) NOT NULL,
  -- 'schedule' (OPEN_DATA_SNAPSHOT_MS) or 'admin' (POST /api/admin/open-data/snapshots)
  trigger          text NOT NULL CHECK (trigger IN ('schedule', 'admin')),
  -- The administrator who asked; null for the schedule and once that account is erased.
  requested_by     uuid,
  ranking_version  int NOT NULL,
  min_endorsements int NOT NULL CHECK (min_endorsements >= 0),
  priority_count   int NOT NULL CHECK (priority_count >= 0),
  tree_size        bigint NOT NULL CHECK (tree_size >= 0),
  endorsements     bigint NOT NULL CHECK (endorsements >= 0),
  oppositions      bigint NOT NULL CHECK (oppositions >= 0),
  root             bytea NOT NULL CHECK (octet_length(root) = 32),
  -- Leaves per chunk (the last chunk may hold fewer); the chunks' subtree roots, 32 bytes each, in order.
  chunk_size       int NOT NULL CHECK (chunk_size > 0 AND (chunk_size & (chunk_size - 1)) = 0),
  chunk_roots      bytea NOT NULL CHECK (octet_length(chunk_roots) % 32 = 0),
  CHECK (requested_by IS NULL OR trigger = 'admin')
);
CREATE INDEX open_data_snapshots_taken_at_idx ON priorities.open_data_snapshots (taken_at DESC, id DESC);

-- The ranked list of a snapshot, as GET /api/priorities computed it at that instant (docs/ranking.md).
CREATE TABLE priorities.open_data_snapshot_priorities (
  snapshot_id     uuid NOT NULL REFERENCES priorities.open_data_snapshots (id) ON DELETE CASCADE,
  -- 1-based place in the list order; rank is the same number for a ranked priority, null otherwise.
  position        int NOT NULL CHECK (position > 0),
  priority_id     uuid NOT NULL,
  rank            int CHECK (rank IS NULL OR rank = position),
  title           text NOT NULL,
  issue_id        int,
  category        text,
  endorsements    int NOT NULL CHECK (endorsements >= 0),
  oppositions     int NOT NULL CHECK (oppositions >= 0),
  promotion_boost int NOT NULL CHECK (promotion_boost >= 0),
  score           int NOT NULL,
  created_at      timestamptz(3) NOT NULL,
  -- The priority's leaves in the tree: [first_leaf, first_leaf + leaf_count).
  first_leaf      bigint NOT NULL CHECK (first_leaf >= 0),
  leaf_count      int NOT NULL CHECK (leaf_count >= 0),
  PRIMARY KEY (snapshot_id, position),
  UNIQUE (snapshot_id, priority_id)
);

-- A snapshot's leaves in tree order (by priority id, then leaf), chunk_size at a time: one row per
-- chunk instead of one per vote keeps a 2M-vote snapshot at ~8k rows.
CREATE TABLE priorities.open_data_leaf_chunks (
  snapshot_id uuid NOT NULL REFERENCES priorities.open_data_snapshots (id) ON DELETE CASCADE,
  chunk_no    int NOT NULL CHECK (chunk_no >= 0),
  -- The chunk's first leaf, so a receipt finds the chunk holding its leaf without reading the others.
  first_leaf  bytea NOT NULL CHECK (octet_length(first_leaf) = 32),
  -- The leaves, 32 bytes each, and their vote types ('e' endorse, 'o' oppose), one character each.
  leaves      bytea NOT NULL CHECK (octet_length(leaves) % 32 = 0 AND octet_length(leaves) > 0),
  kinds       text NOT NULL CHECK (kinds ~ '^[eo]+$' AND length(kinds) * 32 = octet_length(leaves)),
  PRIMARY KEY (snapshot_id, chunk_no)
);
