// Someone who signed up a moment ago may not be in social's members yet (civic.auth.user.registered
// is on its way). When a follow or a block would answer "User not found", auth is asked synchronously
// (rpc.auth.user_lookup) and a member row is added as the event would add it, so only an account that
// does not exist is a 404. Asked outside the write's transaction, so no connection waits on the
// network; when auth does not answer, the kit's RequestUnavailable is a 503 and nothing is claimed.
import { AUTH_REQUESTS } from '@civic/contracts';
import type { Identity } from '@civic/service-kit';
import type { SocialContext } from '../context.ts';
import { socialErasureGuard } from '../data-rights/erasure-guard.ts';
import { NetworkUserNotFound } from '../errors.ts';
import { addMember } from '../members/update-members.ts';

/** Well inside the gateway's own timeout, so the user gets the 503 and its message, not the gateway's. */
const LOOKUP_TIMEOUT_MS = 3_000;

/**
 * Runs `write` (a follow or a block naming `targetId`); when it answers 404 because social has no
 * member row for the target, asks auth once and, if the account exists, adds the row and runs `write`
 * again. A known target costs nothing extra: the lookup happens only on the miss.
 */
export async function withKnownTarget<T>(ctx: SocialContext, identity: Identity, targetId: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof NetworkUserNotFound) || !(await addMemberAuthKnows(ctx, identity, targetId))) throw error;
  }
  return write();
}

/** True when auth vouched for `userId` and social now holds its member row. */
async function addMemberAuthKnows(ctx: SocialContext, identity: Identity, userId: string): Promise<boolean> {
  const [row] = await ctx.db.query<{ known: boolean; deleted: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM social.members WHERE user_id = $1::uuid) AS known, ${socialErasureGuard.deletedSql('$1')} AS deleted`,
    [userId],
  );
  // Known (the 404 was not about a missing row), or erased: nothing to ask.
  if (row!.known || row!.deleted) return false;
  const { user } = await ctx.platform.requests.request(AUTH_REQUESTS.userLookup, { userId }, { caller: 'social', identity, timeoutMs: LOOKUP_TIMEOUT_MS });
  if (!user) return false;
  // As civic.auth.user.registered adds it (names come with account's profile event); the event, when
  // it comes, adds nothing. addMember skips an id erased meanwhile.
  await ctx.db.transaction((tx) => addMember(tx, user.userId));
  return true;
}
