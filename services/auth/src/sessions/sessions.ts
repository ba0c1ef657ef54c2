// Sessions: an opaque 256-bit id in the cookie, its SHA-256 as the key in the session store.
// A new id at every sign-in (the previous one, if any, is dropped), absolute 30-day lifetime.
import { randomToken, SESSION_LIFETIME_MS, type SessionFlags, sha256 } from '@civic/service-kit';
import type { AuthContext } from '../context.ts';
import { AccountDeleted, AccountRejected, AccountSuspended } from '../errors.ts';
import type { SignedInUser } from '../sign-in/complete-sign-in.ts';

export function hashSessionId(sessionId: string): string {
  return sha256(sessionId);
}

interface StandingRow {
  is_admin: boolean;
  is_banned: boolean;
  approval_status: string;
  standing_version: number;
}

/**
 * Creates the session of a sign-in that has committed. An erasure, a ban or a role change of the
 * account can commit between that commit and this call (SECURITY 11): its revoke-all or
 * flags update would then come before the session exists. So the user row is read again after the
 * session is written, FOR SHARE, which waits for any erasure or standing change holding the row
 * right now (they lock it FOR UPDATE; users/standing/): if the row is gone, banned or rejected, the
 * session goes too; if its standing moved on, the session takes the newer flags (a version-checked
 * write, so it never overwrites a still newer change's). A change that locks the row later finds
 * this session in the store.
 */
export async function startSession(ctx: Pick<AuthContext, 'sql' | 'platform'>, user: SignedInUser, previousSessionId?: string): Promise<string> {
  if (previousSessionId) await ctx.platform.sessions.delete(hashSessionId(previousSessionId));
  const sessionId = randomToken(32);
  const idHash = hashSessionId(sessionId);
  const now = ctx.platform.clock.now().getTime();
  await ctx.platform.sessions.create(idHash, {
    userId: user.id,
    isAdmin: user.isAdmin,
    isBanned: user.isBanned,
    isPending: user.isPending,
    standingVersion: user.standingVersion,
    createdAt: now,
    expiresAt: now + SESSION_LIFETIME_MS,
  });
  const [row] = await ctx.sql.query<StandingRow>(
    'SELECT is_admin, is_banned, approval_status, standing_version FROM auth.users WHERE id = $1::uuid FOR SHARE',
    [user.id],
    'auth_session_user_standing',
  );
  if (!row || row.is_banned || row.approval_status === 'rejected') {
    await ctx.platform.sessions.delete(idHash);
    if (!row) throw new AccountDeleted();
    throw row.is_banned ? new AccountSuspended() : new AccountRejected();
  }
  if (row.standing_version !== user.standingVersion) {
    await ctx.platform.sessions.updateUserFlags(user.id, standingFlags(row));
  }
  return sessionId;
}

/** The session flags of a user row's standing. */
export function standingFlags(row: StandingRow): SessionFlags {
  return { isAdmin: row.is_admin, isBanned: row.is_banned, isPending: row.approval_status === 'pending', standingVersion: row.standing_version };
}

export const SESSION_MAX_AGE_SECONDS = SESSION_LIFETIME_MS / 1000;
