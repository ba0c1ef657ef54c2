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
 * Creates the session of a sign-in that has committed. An erasure or standing change committed in
 * between would have missed it (SECURITY 11), so the user row is read again FOR SHARE after the
 * session is written: a gone, banned or rejected account loses the session, a newer standing
 * rewrites its flags (version-checked), and a later change finds the session in the store.
 */
export async function startSession(ctx: Pick<AuthContext, 'db' | 'platform'>, user: SignedInUser, previousSessionId?: string): Promise<string> {
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
  const [row] = await ctx.db.query<StandingRow>(
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
