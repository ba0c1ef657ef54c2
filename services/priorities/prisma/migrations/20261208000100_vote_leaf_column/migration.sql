-- Each vote's open-data leaf as a stored generated column (priorities.vote_leaf, issue 23): a
-- snapshot reads two million leaves instead of hashing them, and a leaf can never disagree with its
-- nonce, priority and vote type.
ALTER TABLE priorities.votes
  ADD COLUMN leaf bytea GENERATED ALWAYS AS (priorities.vote_leaf(receipt_nonce, priority_id, vote_type)) STORED;
