// The auth service's section of the account export: the identity record and the sign-in requests
// on file, and the account's standing (admin, banned, approval). Codes and link tokens exist only
// as hashes, and hashes are not the user's data: left out.
import type { EXPORT_REQUESTS, ReplyPayload, TApprovalStatus } from '@civic/contracts';
import type { AuthContext } from '../context.ts';
import { USER_COLUMNS, type UserRow } from '../users/user-row.ts';

export async function exportAuthSection(ctx: AuthContext, userId: string): Promise<ReplyPayload<typeof EXPORT_REQUESTS.auth>> {
  const [user] = await ctx.db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM auth.users WHERE id = $1::uuid`, [userId]);
  if (!user) throw new Error('No such user');
  // A superseded account (no key) has no sign-in requests of its own any more: null matches none.
  const requests = await ctx.db.query<{ method: string; createdAt: Date; consumedAt: Date | null }>(
    'SELECT method, created_at AS "createdAt", consumed_at AS "consumedAt" FROM auth.sign_in_states WHERE email_canonical = $1 ORDER BY created_at',
    [user.emailCanonical],
  );
  return {
    email: user.email,
    isAdmin: user.isAdmin,
    isBanned: user.isBanned,
    approvalStatus: user.approvalStatus as TApprovalStatus,
    createdAt: user.createdAt.toISOString(),
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
    signInRequests: requests.map((r) => ({ method: r.method, createdAt: r.createdAt.toISOString(), consumedAt: r.consumedAt?.toISOString() ?? null })),
  };
}
