// The auth service's section of the account export: the identity record and the sign-in requests
// on file, and the account's standing (admin, banned, approval). Codes and link tokens exist only
// as hashes, and hashes are not the user's data: left out.
import type { EXPORT_REQUESTS, ReplyPayload, TApprovalStatus } from '@civic/contracts';
import type { AuthContext } from '../context.ts';

export async function exportAuthSection(ctx: AuthContext, userId: string): Promise<ReplyPayload<typeof EXPORT_REQUESTS.auth>> {
  const user = await ctx.db.user.findUnique({ where: { id: userId } });
  if (!user) throw new Error('No such user');
  // A superseded account (no key) has no sign-in requests of its own any more.
  const requests = await ctx.db.signInState.findMany({
    where: { emailCanonical: user.emailCanonical ?? { in: [] } },
    orderBy: { createdAt: 'asc' },
    select: { method: true, createdAt: true, consumedAt: true },
  });
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
