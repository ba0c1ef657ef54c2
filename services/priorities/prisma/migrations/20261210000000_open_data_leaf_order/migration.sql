-- The open agenda's tree binds each leaf's vote type (issue 23, docs/open-data.md): snapshots now
-- order their leaves by priority, then vote type (endorse before oppose), then leaf bytes, so a
-- priority's endorse leaves and its oppose leaves are two published ranges of the tree and a voter's
-- leaf index proves which one counts it. Snapshots taken before keep their order ('priority,leaf'),
-- named on each so they still verify; new ones name theirs explicitly (no default).
ALTER TABLE priorities.open_data_snapshots
  ADD COLUMN leaf_order text NOT NULL DEFAULT 'priority,leaf'
    CONSTRAINT open_data_snapshots_leaf_order CHECK (leaf_order IN ('priority,leaf', 'priority,type,leaf'));
ALTER TABLE priorities.open_data_snapshots ALTER COLUMN leaf_order DROP DEFAULT;

-- A priority's endorse leaves (the first endorse_leaves of its range in a 'priority,type,leaf' tree),
-- counted from the votes themselves; null in the snapshots taken before. The published tallies must
-- be those counts: a voter checks their leaf's place against firstLeaf + endorsements, so a snapshot
-- whose maintained tallies disagree with its leaves cannot be written.
ALTER TABLE priorities.open_data_snapshot_priorities
  ADD COLUMN endorse_leaves int
    CONSTRAINT open_data_snapshot_priorities_endorse_leaves
      CHECK (endorse_leaves IS NULL OR (endorse_leaves = endorsements AND leaf_count = endorsements + oppositions));
