// rpc.auth.change_standing: auth, the one writer of isAdmin, isBanned and the approval status, checks
// the caller is an administrator in good standing now (not merely when the token was signed) and not
// changing their own row, then applies the change (apply-standing-change.ts).
// Changes that take rights away reach the sessions inside the transaction, so a crash leaves nothing
// wider behind; changes that give rights reach them after the commit, version-checked, and
// repeating the call (answered 'unchanged') applies them again.
import type { TChangeStandingReply, TChangeStandingRequest } from '@civic/contracts';
import { ADMIN_REQUIRED_MESSAGE, type Identity } from '@civic/service-kit';
import type { AuthContext } from '../../context.ts';
import { applySessionEffect, applyStandingChange } from './apply-standing-change.ts';
import { selfRefusal } from './standing-rules.ts';

/** The kit's wording for a caller who is not an administrator (requireAdmin); the admin service answers it as a 403. */
export { ADMIN_REQUIRED_MESSAGE };

async function callerIsAdmin(ctx: AuthContext, adminId: string): Promise<boolean> {
  const [row] = await ctx.db.query<{ ok: boolean }>(
    'SELECT is_admin AND NOT is_banned AS ok FROM auth.users WHERE id = $1::uuid',
    [adminId],
    'auth_standing_caller_is_admin',
  );
  return row?.ok === true;
}

export async function changeStanding(
  ctx: AuthContext,
  { userId, change, requestId }: TChangeStandingRequest,
  identity: Identity,
): Promise<TChangeStandingReply> {
  const adminId = identity.userId;
  if (!adminId || !identity.isAdmin || !(await callerIsAdmin(ctx, adminId))) {
    return { outcome: 'refused', message: ADMIN_REQUIRED_MESSAGE, standing: null };
  }
  const target = userId.toLowerCase();
  if (target === adminId.toLowerCase()) return { outcome: 'refused', message: selfRefusal(change), standing: null };

  const now = ctx.platform.clock.now();
  // The audit entry's origin: the address the gateway signed into the identity, the request id the admin service forwards.
  const origin = requestId ? { ip: identity.ip, requestId } : undefined;
  const reply = await ctx.db.transaction((tx) =>
    applyStandingChange(tx, ctx.platform.sessions, { userId: target, change, adminId, ...(origin ? { origin } : {}) }, now),
  );
  if ((reply.outcome === 'changed' || reply.outcome === 'unchanged') && reply.standing) {
    try {
      await applySessionEffect(ctx.platform.sessions, change, reply.standing);
    } catch (error) {
      // Committed already; what could not be written is at most a right given (see above).
      ctx.platform.logger.warn({ err: error, userId: target, change }, 'standing changed but the sessions were not updated; they keep the narrower rights');
    }
  }
  return reply;
}
