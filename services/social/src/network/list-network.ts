// GET /api/users/{id}/followers, /following (spec 2.9, 2.10), GET /api/users/blocked and
// GET /api/network/growth. Lists are newest first (the edge's time, then the id, so pages are
// stable), each citizen with the names social holds and whether the viewer follows them (Follow
// Back). A private profile's lists are its owner's only (403); a citizen social does not know is a 404.
import type { TBlockedUser, TNetworkGrowth, TNetworkListQuery, TNetworkUser } from '@civic/contracts';
import type { SocialContext } from '../context.ts';
import { ListPrivate, NetworkUserNotFound } from '../errors.ts';
import { findMember } from './network-members.ts';

interface NetworkUserRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  is_following: boolean;
}

const toNetworkUser = (row: NetworkUserRow): TNetworkUser => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  profileImageUrl: row.profile_image_url,
  isFollowing: row.is_following,
});

/** `side`: the column naming the list's owner; the other one names the listed citizens. */
function listSql(owner: 'followee_id' | 'follower_id'): string {
  const listed = owner === 'followee_id' ? 'follower_id' : 'followee_id';
  return `SELECT f.${listed}::text AS id, m.first_name, m.last_name, m.profile_image_url,
            EXISTS (SELECT 1 FROM social.follows v WHERE v.follower_id = $2::uuid AND v.followee_id = f.${listed}) AS is_following
     FROM social.follows f LEFT JOIN social.members m ON m.user_id = f.${listed}
     WHERE f.${owner} = $1::uuid
     ORDER BY f.created_at DESC, f.${listed} DESC LIMIT $3::int OFFSET $4::int`;
}
const FOLLOWERS_SQL = listSql('followee_id');
const FOLLOWING_SQL = listSql('follower_id');

async function assertListVisible(ctx: SocialContext, ownerId: string, viewerId: string): Promise<void> {
  if (ownerId === viewerId) return;
  const member = await findMember(ctx.db, ownerId);
  if (!member) throw new NetworkUserNotFound();
  if (member.profileVisibility === 'private') throw new ListPrivate();
}

export async function listFollowers(ctx: SocialContext, ownerId: string, viewerId: string, page: TNetworkListQuery): Promise<TNetworkUser[]> {
  await assertListVisible(ctx, ownerId, viewerId);
  const rows = await ctx.db.query<NetworkUserRow>(FOLLOWERS_SQL, [ownerId, viewerId, page.limit, page.offset]);
  return rows.map(toNetworkUser);
}

export async function listFollowing(ctx: SocialContext, ownerId: string, viewerId: string, page: TNetworkListQuery): Promise<TNetworkUser[]> {
  await assertListVisible(ctx, ownerId, viewerId);
  const rows = await ctx.db.query<NetworkUserRow>(FOLLOWING_SQL, [ownerId, viewerId, page.limit, page.offset]);
  return rows.map(toNetworkUser);
}

export async function listBlocked(ctx: SocialContext, viewerId: string, page: TNetworkListQuery): Promise<TBlockedUser[]> {
  const rows = await ctx.db.query<Omit<NetworkUserRow, 'is_following'> & { created_at: Date | string }>(
    `SELECT b.blocked_id::text AS id, m.first_name, m.last_name, m.profile_image_url, b.created_at
     FROM social.blocks b LEFT JOIN social.members m ON m.user_id = b.blocked_id
     WHERE b.blocker_id = $1::uuid
     ORDER BY b.created_at DESC, b.blocked_id DESC LIMIT $2::int OFFSET $3::int`,
    [viewerId, page.limit, page.offset],
  );
  return rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: row.profile_image_url,
    blockedAt: new Date(row.created_at).toISOString(),
  }));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Network Growth: followers gained in the last 7 and 30 days who still follow (the edges' times). */
export async function networkGrowth(ctx: SocialContext, userId: string): Promise<TNetworkGrowth> {
  const now = ctx.platform.clock.now().getTime();
  const [row] = await ctx.db.query<{ week: number; month: number }>(
    `SELECT count(*) FILTER (WHERE created_at > $2::timestamptz)::int AS week, count(*)::int AS month
     FROM social.follows WHERE followee_id = $1::uuid AND created_at > $3::timestamptz`,
    [userId, new Date(now - 7 * DAY_MS).toISOString(), new Date(now - 30 * DAY_MS).toISOString()],
  );
  return { thisWeek: row!.week, thisMonth: row!.month };
}
