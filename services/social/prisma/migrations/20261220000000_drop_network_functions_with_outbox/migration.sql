-- follow_user, unfollow_user, block_user and unblock_user no longer take the outbox rows (they wrote
-- the kit's outbox table and set counts inside the payloads): they answer the counts and versions,
-- and the caller writes the events through the kit's outbox in the same transaction. A signature
-- change: the old ones go first.
DROP FUNCTION social.follow_user(int, uuid, uuid, timestamptz, uuid, uuid, jsonb);
DROP FUNCTION social.unfollow_user(int, uuid, uuid, jsonb);
DROP FUNCTION social.block_user(int, uuid, uuid, timestamptz, jsonb);
DROP FUNCTION social.unblock_user(int, uuid, uuid, jsonb);
