// The promotion boost of docs/ranking.md (version 2) as pure functions: each applied promotion adds
// PROMOTION_BOOST_POINTS to its priority's score, halved (integer halving) every
// PROMOTION_HALF_LIFE_MS, so it fades to nothing after PROMOTION_LIFETIME_MS. The database computes
// the same sum (priorities.promotion_boost_at, given these constants as parameters); tests recompute
// boosts with these from the raw promotions table and compare.

/** What one promotion adds at first: as much as 16 net endorsements. */
export const PROMOTION_BOOST_POINTS = 16;
/** The boost of a promotion halves once a day... */
export const PROMOTION_HALF_LIFE_MS = 24 * 3_600_000;
/** ...so 16, 8, 4, 2, 1 on days one to five, then nothing: it counts for five days. */
export const PROMOTION_LIFETIME_MS = (Math.floor(Math.log2(PROMOTION_BOOST_POINTS)) + 1) * PROMOTION_HALF_LIFE_MS;

/** What one promotion applied at `appliedAtMs` adds at `atMs` (a promotion stamped later than `atMs` counts in full). */
export function promotionContribution(appliedAtMs: number, atMs: number): number {
  const halvings = Math.floor(Math.max(0, atMs - appliedAtMs) / PROMOTION_HALF_LIFE_MS);
  return halvings >= 31 ? 0 : PROMOTION_BOOST_POINTS >> halvings;
}

/** A priority's promotion boost at `atMs`: the sum over its applied promotions. */
export function promotionBoostAt(appliedAtMs: readonly number[], atMs: number): number {
  return appliedAtMs.reduce((sum, appliedAt) => sum + promotionContribution(appliedAt, atMs), 0);
}
