// rpc.auth.user_directory (contracts/src/auth/requests.ts): a page of every account, in id order, for
// the admin service's rebuild of its users directory from scratch (the event streams keep only 7 days).
// Auth's row holds the account's standing and its version-guarded copies of the profile names, the
// balance and the follower count, each with its owner's version, so the admin service applies every
// part exactly as the owner's event would. Superseded accounts count as none (as rpc.auth.user_lookup).
import type { TUserDirectoryEntry, TUserDirectoryPageReply, TUserDirectoryPageRequest } from '@civic/contracts';
import type { AuthContext } from '../context.ts';

type Row = Omit<TUserDirectoryEntry, 'registeredAt' | 'profileUpdatedAt'> & { registeredAt: Date; profileUpdatedAt: Date | null };

export async function directoryPage(ctx: AuthContext, { afterId, limit }: TUserDirectoryPageRequest): Promise<TUserDirectoryPageReply> {
  const rows = await ctx.db.query<Row>(
    `SELECT id::text AS "userId", email, created_at AS "registeredAt", is_admin AS "isAdmin", is_banned AS "isBanned",
           approval_status AS "approvalStatus", standing_version AS "standingVersion",
           first_name AS "firstName", last_name AS "lastName", profile_image_url AS "profileImageUrl", profile_updated_at AS "profileUpdatedAt",
           political_capital AS "politicalCapital", political_capital_version AS "politicalCapitalVersion",
           followers, network_counts_version AS "followersVersion"
      FROM auth.users
     WHERE superseded_by IS NULL AND ($1::uuid IS NULL OR id > $1::uuid)
     ORDER BY id LIMIT $2`,
    [afterId, limit],
  );
  return {
    users: rows.map((row) => ({
      ...row,
      registeredAt: new Date(row.registeredAt).toISOString(),
      profileUpdatedAt: row.profileUpdatedAt ? new Date(row.profileUpdatedAt).toISOString() : null,
    })),
  };
}
