-- The one source of this function (docs/sql-functions.md): change it here, then
-- npm run db:function-migration -- priorities apply_votes   writes the migration that applies it.
--
-- apply_votes: several vote changes in one call, so one round trip and one commit serve many votes
-- when the service is busy (src/votes/vote-batcher.ts groups the changes waiting for a connection).
-- Each item is applied by apply_vote itself, so a change in a group is checked and written exactly
-- as it would be alone (same lock, tombstone, state check, rows, tallies and outbox row), and its
-- answer (applied, stale, missing or deleted) is its own. The items are JSON objects:
--   { priorityId, userId, expectedVote, expectedChangedAt, outcome, vote, endorsementsDelta,
--     oppositionsDelta, at, outbox }
-- and the answer names each item by its position in the array (0-based).
--
-- Lock order, so a group never deadlocks with another group, a single vote, the decay job or an
-- erasure (test/sql-lock-order.test.ts):
--   1. the shared per-user locks of all its users first, in lock-key order: a group containing a
--      user being erased waits for that erasure before it holds any priority row (the erasure
--      locks the rows of every priority that user voted on);
--   2. then the items in priority id order, the order in which erasure and the decay job lock
--      priorities; a single vote locks one priority only.
-- An item's failure (an error, not an answer) rolls the whole call back; the service then applies
-- that group's changes one by one.
CREATE OR REPLACE FUNCTION priorities.apply_votes(p_items jsonb)
RETURNS TABLE (item int, status text, endorsements int, oppositions int)
LANGUAGE plpgsql AS $$
DECLARE
  v_key int;
  v_item record;
BEGIN
  FOR v_key IN
    SELECT DISTINCT hashtext((e->>'userId')::uuid::text) AS k FROM jsonb_array_elements(p_items) AS e ORDER BY k
  LOOP
    PERFORM pg_advisory_xact_lock_shared(1347569969, v_key);
  END LOOP;

  FOR v_item IN
    SELECT (t.ord - 1)::int AS i, t.e FROM jsonb_array_elements(p_items) WITH ORDINALITY AS t(e, ord)
    ORDER BY (t.e->>'priorityId')::uuid, t.ord
  LOOP
    RETURN QUERY
      SELECT v_item.i, a.status, a.endorsements, a.oppositions
      FROM priorities.apply_vote(
        (v_item.e->>'priorityId')::uuid,
        (v_item.e->>'userId')::uuid,
        v_item.e->>'expectedVote',
        (v_item.e->>'expectedChangedAt')::timestamptz,
        v_item.e->>'outcome',
        v_item.e->>'vote',
        (v_item.e->>'endorsementsDelta')::int,
        (v_item.e->>'oppositionsDelta')::int,
        (v_item.e->>'at')::timestamptz,
        v_item.e->'outbox'
      ) AS a;
  END LOOP;
END
$$;
