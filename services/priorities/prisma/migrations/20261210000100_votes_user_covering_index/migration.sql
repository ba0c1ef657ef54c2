-- The agenda by state counts a state's tallies from its counted members' votes (docs/ranking.md
-- section 7). With the vote's priority and type in the user index, each member's votes are read from
-- the index alone (an index-only scan per member) instead of a pass over the whole votes table, so
-- the count grows with the state's votes, not with the table. It replaces the plain user index (the
-- viewer's votes, the erasure and the export read by user as before). Built first, the old one
-- dropped after, so reads keep an index throughout; writes to votes wait for the build (seconds at
-- 2M votes: a release of its own, docs/operations.md). A switch of vote type changes an included
-- column, so it is no longer a HOT update.
CREATE INDEX "votes_user_votes_idx" ON "priorities"."votes" ("user_id") INCLUDE ("priority_id", "vote_type");
DROP INDEX "priorities"."votes_user_id_idx";
