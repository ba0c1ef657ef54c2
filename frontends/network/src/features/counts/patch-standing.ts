// A follow or block answers with the state after it; the standings it names take those values at
// once. A count the cached standing hides (null: a private profile seen by someone else) stays hidden.
import type { TNetworkStanding } from '@civic/contracts/social/network';

export type StandingPatch = Partial<Omit<TNetworkStanding, 'userId'>>;

/** `current` with the patch's values, except where `current` holds null (not shown to this viewer). */
export function patchStanding(current: TNetworkStanding, patch: StandingPatch): TNetworkStanding {
  const shown = Object.entries(patch).filter(([key]) => current[key as keyof StandingPatch] !== null);
  return { ...current, ...Object.fromEntries(shown) };
}
