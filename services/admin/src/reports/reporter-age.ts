// When a reporter's account was created, for the brigading guard (auto-ban.ts): only accounts older
// than a day when they report count toward an automatic ban, so a batch of fresh sign-ups cannot ban
// anyone. The users directory (src/users) holds every account's creation time from auth's
// registration event; only an account whose event has not arrived yet is asked of auth
// (rpc.auth.user_lookup), outside any transaction. Nothing is kept besides the directory.
import { AUTH_REQUESTS } from '@civic/contracts';
import type { Identity } from '@civic/service-kit';
import type { AdminContext } from '../context.ts';

/** How old a reporter's account must be for their report to count toward an automatic ban. */
export const REPORTER_MIN_AGE_MS = 24 * 60 * 60 * 1000;

const LOOKUP_TIMEOUT_MS = 3_000;

/** When `userId` registered; null when auth knows no such account (it counts toward nothing). */
export async function reporterRegisteredAt(ctx: AdminContext, identity: Identity, userId: string): Promise<Date | null> {
  const [known] = await ctx.db.query<{ createdAt: Date }>(
    'SELECT created_at AS "createdAt" FROM admin.user_directory WHERE id = $1::uuid AND created_at IS NOT NULL',
    [userId],
  );
  if (known) return new Date(known.createdAt);
  const { user } = await ctx.platform.requests.request(AUTH_REQUESTS.userLookup, { userId }, { caller: 'admin', identity, timeoutMs: LOOKUP_TIMEOUT_MS });
  return user ? new Date(user.registeredAt) : null;
}

export function isEligibleReporter(registeredAt: Date | null, now: Date): boolean {
  return registeredAt !== null && now.getTime() - registeredAt.getTime() >= REPORTER_MIN_AGE_MS;
}
