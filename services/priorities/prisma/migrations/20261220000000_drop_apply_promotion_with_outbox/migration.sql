-- apply_promotion no longer takes the priority.promoted outbox row (it wrote the kit's outbox table):
-- the caller writes the event through the kit's outbox in the same transaction when it answers
-- applied. A signature change: the old one goes first.
DROP FUNCTION priorities.apply_promotion(uuid, uuid, int, timestamptz, int, bigint, bigint, jsonb);
