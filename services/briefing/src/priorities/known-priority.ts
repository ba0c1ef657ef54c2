// A document may name a priority (spec 2.14's picker). Briefing's read model of priorities lags, so on
// a miss the priorities service is asked (rpc.priorities.priority_lookup) and the answer stored as the
// event would store it: only a priority that does not exist, or was removed, is a 400. No answer is a
// 503 (RequestUnavailable): nothing is claimed about a priority nobody could check.
import { PRIORITIES_REQUESTS } from '@civic/contracts';
import type { Identity } from '@civic/service-kit';
import type { BriefingContext } from '../context.ts';
import { PriorityNotFound } from '../errors.ts';
import { recordPriority } from '../members/update-members.ts';

/** Well inside the gateway's own timeout, so the user gets the 503 and its message, not the gateway's. */
const LOOKUP_TIMEOUT_MS = 3_000;

/** 'listed', 'removed' (by an administrator: named by no new document), or undefined when not heard of. */
async function knownState(ctx: BriefingContext, priorityId: string): Promise<'listed' | 'removed' | undefined> {
  const [row] = await ctx.db.query<{ removed: boolean }>('SELECT removed_at IS NOT NULL AS removed FROM briefing.priorities WHERE priority_id = $1::uuid', [
    priorityId,
  ]);
  return row ? (row.removed ? 'removed' : 'listed') : undefined;
}

/** Resolves when `priorityId` (lower case) names an existing priority; PriorityNotFound (400) when it does not. */
export async function assertPriorityExists(ctx: BriefingContext, identity: Identity, priorityId: string): Promise<void> {
  const known = await knownState(ctx, priorityId);
  if (known === 'listed') return;
  // A removed priority is refused like an unknown one (priorities' lookup says isActive false for it).
  if (known === 'removed') throw new PriorityNotFound();
  const { priority } = await ctx.platform.requests.request(
    PRIORITIES_REQUESTS.lookup,
    { priorityId },
    { caller: 'briefing', identity, timeoutMs: LOOKUP_TIMEOUT_MS },
  );
  if (!priority?.isActive) throw new PriorityNotFound();
  // Stored as civic.priorities.priority.created stores it; the event, when it comes, adds nothing.
  await recordPriority(ctx.db, priority);
}
