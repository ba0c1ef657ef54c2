// Sessions: an opaque 256-bit id in the cookie, its SHA-256 as the key in the session store.
// A new id at every sign-in (the previous one, if any, is dropped), absolute 30-day lifetime.
import { randomToken, sha256 } from '@civic/service-kit/crypto';
import { SESSION_LIFETIME_MS } from '@civic/service-kit/sessions/session-store';
import type { AuthContext } from '../context.ts';
import type { SignedInUser } from '../sign-in/complete-sign-in.ts';

export function hashSessionId(sessionId: string): string {
  return sha256(sessionId);
}

export async function startSession(ctx: AuthContext, user: SignedInUser, previousSessionId?: string): Promise<string> {
  if (previousSessionId) await ctx.platform.sessions.delete(hashSessionId(previousSessionId));
  const sessionId = randomToken(32);
  const now = ctx.platform.clock.now().getTime();
  await ctx.platform.sessions.create(hashSessionId(sessionId), {
    userId: user.id,
    isAdmin: user.isAdmin,
    isBanned: user.isBanned,
    createdAt: now,
    expiresAt: now + SESSION_LIFETIME_MS,
  });
  return sessionId;
}

export const SESSION_MAX_AGE_SECONDS = SESSION_LIFETIME_MS / 1000;
