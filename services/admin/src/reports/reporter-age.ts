// When a reporter's account was created, for the brigading guard (auto-ban.ts): only accounts older
// than a day when they report count toward an automatic ban, so a batch of fresh sign-ups cannot ban
// anyone. Auth knows (rpc.auth.user_lookup); the answer never changes, so it is asked once per reporter,
// outside any transaction, and kept in report_reporters (erased with the account).
import { AUTH_REQUESTS } from '@civic/contracts';
import type { Identity } from '@civic/service-kit';
import type { AdminContext } from '../context.ts';
import { adminErasureGuard } from '../data-rights/erasure-guard.ts';

/** How old a reporter's account must be for their report to count toward an automatic ban. */
export const REPORTER_MIN_AGE_MS = 24 * 60 * 60 * 1000;

const LOOKUP_TIMEOUT_MS = 3_000;

/** When `userId` registered; null when auth knows no such account (it counts toward nothing). */
export async function reporterRegisteredAt(ctx: AdminContext, identity: Identity, userId: string): Promise<Date | null> {
  const [kept] = await ctx.db.$queryRawUnsafe<{ registeredAt: Date }[]>(
    'SELECT registered_at AS "registeredAt" FROM admin.report_reporters WHERE user_id = $1::uuid',
    userId,
  );
  if (kept) return new Date(kept.registeredAt);
  const { user } = await ctx.platform.requests.request(AUTH_REQUESTS.userLookup, { userId }, { identity, timeoutMs: LOOKUP_TIMEOUT_MS });
  if (!user) return null;
  await ctx.db.$executeRawUnsafe(
    `INSERT INTO admin.report_reporters (user_id, registered_at) SELECT $1::uuid, $2::timestamptz
      WHERE NOT ${adminErasureGuard.deletedSql('$1')} ON CONFLICT DO NOTHING`,
    userId,
    user.registeredAt,
  );
  return new Date(user.registeredAt);
}

export function isEligibleReporter(registeredAt: Date | null, now: Date): boolean {
  return registeredAt !== null && now.getTime() - registeredAt.getTime() >= REPORTER_MIN_AGE_MS;
}
