// The five user actions (PATCH /api/admin/users/{id}/admin, POST .../ban, .../unban, .../approve,
// .../reject). Auth is the one writer of isAdmin, isBanned and the approval status: the admin service
// refuses what it can tell from the request alone (one's own row), then asks auth
// (rpc.auth.change_standing) with the administrator's identity (which carries the client's address)
// and the gateway's request id, both for the audit entry (SECURITY 23). Auth applies the change with its
// session effects and publishes civic.auth.user.standing_changed, which becomes the audit entry
// (record-standing-audit.ts); the reply's standing is applied to the directory at once, so the answer
// and the next page read show it.
import { ADMIN_MESSAGES as M, AUTH_REQUESTS, type TAdminUser, type TAdminUserActionResponse, type TStandingChange } from '@civic/contracts';
import { ADMIN_REQUIRED_MESSAGE, type Identity } from '@civic/service-kit';
import type { AdminContext } from '../context.ts';
import { applyStanding, type Standing } from './apply-standing.ts';
import { DIRECTORY_COLUMNS, type DirectoryRow, toAdminUser } from './directory-view.ts';
import { UserActionForbidden, UserActionRefused, UserNotFound } from './user-errors.ts';

/** Well inside the gateway's own timeout, so the administrator gets the 503 and its message. */
const CHANGE_TIMEOUT_MS = 3_000;

/** What each change answers when done (or when it already stood so). */
const DONE_MESSAGES: Record<TStandingChange, string> = {
  grant_admin: M.adminGranted,
  revoke_admin: M.adminRevoked,
  ban_user: M.userBanned,
  unban_user: M.userUnbanned,
  approve_user: M.userApproved,
  reject_user: M.userRejected,
};

/** A refusal auth gave without saying why (the contract makes its message optional): the toasts' words. */
const FAILED_MESSAGES: Record<TStandingChange, string> = {
  grant_admin: M.updateAdminFailed,
  revoke_admin: M.updateAdminFailed,
  ban_user: M.banFailed,
  unban_user: M.unbanFailed,
  approve_user: M.approvalFailed,
  reject_user: M.approvalFailed,
};

/** The refusals that need no one else's answer: an administrator never changes their own standing. */
const OWN_ROW_REFUSALS: Partial<Record<TStandingChange, string>> = {
  grant_admin: M.cannotChangeOwnAdmin,
  revoke_admin: M.cannotChangeOwnAdmin,
  ban_user: M.cannotBanSelf,
  approve_user: M.cannotDecideOwn,
  reject_user: M.cannotDecideOwn,
};

export async function changeStanding(
  ctx: AdminContext,
  identity: Identity & { userId: string },
  requestId: string,
  targetId: string,
  change: TStandingChange,
): Promise<TAdminUserActionResponse> {
  const ownRefusal = OWN_ROW_REFUSALS[change];
  if (ownRefusal && targetId === identity.userId) throw new UserActionRefused(ownRefusal);
  // No answer (auth down, a timeout) is the kit's RequestUnavailable: 503, nothing changed here.
  const reply = await ctx.platform.requests.request(
    AUTH_REQUESTS.changeStanding,
    { userId: targetId, change, requestId },
    { caller: 'admin', identity, timeoutMs: CHANGE_TIMEOUT_MS },
  );
  switch (reply.outcome) {
    case 'not_found':
      throw new UserNotFound();
    case 'refused':
      // Auth found the caller is no administrator (any more; the session still said so): the 403 the
      // gateway gives a citizen, with the same words (the kit's requireAdmin message, auth's refusal).
      if (reply.message === ADMIN_REQUIRED_MESSAGE) throw new UserActionForbidden(reply.message);
      throw new UserActionRefused(reply.message ?? FAILED_MESSAGES[change]);
    case 'changed':
    case 'unchanged': {
      if (!reply.standing) throw new UserNotFound();
      await ctx.db.transaction((tx) => applyStanding(tx, reply.standing!));
      return { message: DONE_MESSAGES[change], user: await directoryUser(ctx, reply.standing) };
    }
  }
}

/**
 * The row after the change. Right after a sign-up the registration event may not have arrived (no
 * e-mail yet: '' until it does); an account erased meanwhile has no row (the tombstone kept it out)
 * and is answered from the reply alone.
 */
async function directoryUser(ctx: AdminContext, standing: Standing): Promise<TAdminUser> {
  const [row] = await ctx.db.query<DirectoryRow>(`SELECT ${DIRECTORY_COLUMNS} FROM admin.user_directory d WHERE d.id = $1::uuid`, [standing.userId]);
  const now = ctx.platform.clock.now().toISOString();
  if (row) return toAdminUser(row, now);
  return toAdminUser(
    {
      id: standing.userId,
      email: null,
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      politicalCapital: 0,
      followers: 0,
      createdAt: null,
      isAdmin: standing.isAdmin,
      isBanned: standing.isBanned,
      approvalStatus: standing.approvalStatus,
    },
    now,
  );
}
