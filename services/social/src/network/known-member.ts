// Someone who signed up a moment ago may not be in social's members yet (civic.auth.user.registered
// is on its way). Before a follow or a block answers "User not found", auth is asked synchronously
// (rpc.auth.user_lookup) and a member row is added as the event would add it, so only an account that
// does not exist is a 404. Asked outside the write's transaction, so no connection waits on the
// network; when auth does not answer, the kit's RequestUnavailable is a 503 and nothing is claimed.
import { AUTH_REQUESTS } from '@civic/contracts';
import type { Identity } from '@civic/service-kit';
import type { SocialContext } from '../context.ts';
import { socialErasureGuard } from '../data-rights/erasure-guard.ts';
import { addMember } from '../members/update-members.ts';

/** Well inside the gateway's own timeout, so the user gets the 503 and its message, not the gateway's. */
const LOOKUP_TIMEOUT_MS = 3_000;

export async function ensureKnownMember(ctx: SocialContext, identity: Identity, userId: string): Promise<void> {
  const [row] = await ctx.db.$queryRawUnsafe<{ known: boolean; deleted: boolean }[]>(
    `SELECT EXISTS (SELECT 1 FROM social.members WHERE user_id = $1::uuid) AS known, ${socialErasureGuard.deletedSql('$1')} AS deleted`,
    userId,
  );
  // Known, or erased (the write's own checks answer 404): nothing to ask.
  if (row!.known || row!.deleted) return;
  const { user } = await ctx.platform.requests.request(AUTH_REQUESTS.userLookup, { userId }, { identity, timeoutMs: LOOKUP_TIMEOUT_MS });
  if (!user) return;
  // As civic.auth.user.registered adds it (names come with account's profile event); the event, when
  // it comes, adds nothing. addMember skips an id erased meanwhile.
  await ctx.db.$transaction((tx) => addMember(tx, user.userId));
}
