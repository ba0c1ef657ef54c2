// Sessions: an opaque 256-bit id in the cookie, its SHA-256 as the key in the session store.
// A new id at every sign-in (the previous one, if any, is dropped), absolute 30-day lifetime.
import { randomToken, SESSION_LIFETIME_MS, sha256 } from '@civic/service-kit';
import type { AuthContext } from '../context.ts';
import { AccountGone } from '../errors.ts';
import type { SignedInUser } from '../sign-in/complete-sign-in.ts';

export function hashSessionId(sessionId: string): string {
  return sha256(sessionId);
}

/**
 * Creates the session of a sign-in that has committed. An erasure of the account can run between
 * that commit and this call (SECURITY 11): its revoke-all would then come before the session exists.
 * So the user row is read again after the session is written, with a lock that waits for an erasure
 * deleting it right now: if the row is gone, the session goes too. If it is still there, any erasure
 * deletes it later, and that erasure's revoke-all (after its delete) finds this session.
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
    createdAt: now,
    expiresAt: now + SESSION_LIFETIME_MS,
  });
  const [stillThere] = await ctx.sql.query('SELECT 1 FROM auth.users WHERE id = $1::uuid FOR KEY SHARE', [user.id], 'auth_session_user_exists');
  if (!stillThere) {
    await ctx.platform.sessions.delete(idHash);
    throw new AccountGone();
  }
  return sessionId;
}

export const SESSION_MAX_AGE_SECONDS = SESSION_LIFETIME_MS / 1000;
