-- Each vote's open-data leaf as a stored generated column (priorities.vote_leaf, issue 23): a
-- snapshot reads two million leaves instead of hashing them, and a leaf can never disagree with its
-- nonce, priority and vote type.
ALTER TABLE priorities.votes
  ADD COLUMN leaf bytea GENERATED ALWAYS AS (priorities.vote_leaf(receipt_nonce, priority_id, vote_type)) STORED;

-- A chunk's 64 leaves (2 kB of random bytes) stay in the row: neither compressed (they do not
-- compress) nor moved to the TOAST table (one more row and index entry per chunk).
ALTER TABLE priorities.open_data_leaf_chunks ALTER COLUMN leaves SET STORAGE PLAIN;
