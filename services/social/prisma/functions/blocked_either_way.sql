-- Whether either of two users blocked the other: two probes of blocks' primary key, for the network
-- feed (network_feed.sql), which asks it of each entry it keeps instead of reading the viewer's
-- whole block list (SECURITY 32). A block also cuts the edges both ways and refuses a follow either
-- way under the pair's locks (block_user.sql, follow_user.sql), so an entry that passes the feed's
-- edge check passes this too; kept as the rule said where it is read.
CREATE OR REPLACE FUNCTION social.blocked_either_way(p_user_id uuid, p_other_id uuid)
RETURNS boolean
LANGUAGE sql
STABLE
AS $$
  SELECT EXISTS (SELECT 1 FROM social.blocks b WHERE b.blocker_id = p_user_id AND b.blocked_id = p_other_id)
      OR EXISTS (SELECT 1 FROM social.blocks b WHERE b.blocker_id = p_other_id AND b.blocked_id = p_user_id);
$$;
