// GET /api/network/users/{id}: a citizen's counts and the viewer's relation to them, read from the
// edges' own tables in one statement, so the answer is current the instant a follow or block answered
// (the profile and the network screens read it; auth's and account's copies lag by an event).
import type { TNetworkStanding } from '@civic/contracts';
import type { SocialContext } from '../context.ts';
import { socialErasureGuard } from '../data-rights/erasure-guard.ts';
import { NetworkUserNotFound } from '../errors.ts';

interface StandingRow {
  deleted: boolean;
  private: boolean;
  followers: number;
  following: number;
  recruited: number;
  isFollowing: boolean;
  isBlocked: boolean;
  isBlockedBy: boolean;
}

// A citizen social has not heard of yet (just registered) has no edges: zeros, as account answers.
const STANDING_SQL = `SELECT ${socialErasureGuard.deletedSql('$1')} AS deleted,
    COALESCE((SELECT m.profile_visibility = 'private' FROM social.members m WHERE m.user_id = $1::uuid), false) AS private,
    COALESCE(n.followers, 0) AS followers, COALESCE(n.following, 0) AS following, COALESCE(n.recruited, 0) AS recruited,
    EXISTS (SELECT 1 FROM social.follows f WHERE f.follower_id = $2::uuid AND f.followee_id = $1::uuid) AS "isFollowing",
    EXISTS (SELECT 1 FROM social.blocks b WHERE b.blocker_id = $2::uuid AND b.blocked_id = $1::uuid) AS "isBlocked",
    EXISTS (SELECT 1 FROM social.blocks b WHERE b.blocker_id = $1::uuid AND b.blocked_id = $2::uuid) AS "isBlockedBy"
  FROM (SELECT 1) AS one LEFT JOIN social.user_network n ON n.user_id = $1::uuid`;

export async function networkStanding(ctx: SocialContext, userId: string, viewerId: string): Promise<TNetworkStanding> {
  const [row] = await ctx.db.query<StandingRow>(STANDING_SQL, [userId, viewerId], 'social_network_standing');
  if (!row || row.deleted) throw new NetworkUserNotFound();
  const own = userId === viewerId;
  const shown = own || !row.private;
  return {
    userId,
    followers: shown ? row.followers : null,
    following: shown ? row.following : null,
    recruited: own ? row.recruited : null,
    isFollowing: row.isFollowing,
    isBlocked: row.isBlocked,
    isBlockedBy: row.isBlockedBy,
  };
}
