// What a follow or block changes on screen right away, without a reload. Social owns the edges and
// its answer carries the state after the change: the two standings it names take it at once, then
// social's reads the change touches are read once more (they are current: nothing is polled).
import type { TNetworkStanding } from '@civic/contracts/social/network';
import { CURRENT_USER_QUERY_KEY, type CurrentUser, queryClient } from '@civic/frontend-kit';
import { standingPath } from '../../api/network-paths.ts';
import { isChangedByNetwork } from './network-reads.ts';
import { patchStanding, type StandingPatch } from './patch-standing.ts';

function applyToStanding(userId: string, patch: StandingPatch): void {
  queryClient.setQueryData<TNetworkStanding>([standingPath(userId)], (current) => current && patchStanding(current, patch));
}

export interface NetworkChange {
  /** The other citizen. */
  userId: string;
  /** The caller's standing after the change (from the answer). */
  own: StandingPatch;
  /** The other citizen's standing after the change, as far as the answer tells. */
  other: StandingPatch;
}

/** Applies a change's answer at once, then reads what it touched again. Never throws. */
export async function afterNetworkChange({ userId, own, other }: NetworkChange): Promise<void> {
  const me = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_QUERY_KEY)?.id;
  if (me) applyToStanding(me, own);
  applyToStanding(userId, other);
  await queryClient.invalidateQueries({ predicate: isChangedByNetwork }).catch(() => undefined);
}
