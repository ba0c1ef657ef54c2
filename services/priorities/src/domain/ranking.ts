// The ranking of docs/ranking.md (version 2) as pure functions. The database keeps the same order
// with its maintained columns and index (priorities/list-priorities.ts); tests recompute ranks with
// these from the raw votes and promotions and compare. The boost itself: domain/promotion-boost.ts.
export const RANKING_VERSION = 2;

export interface RankInputs {
  id: string;
  endorsements: number;
  oppositions: number;
  /** The promotion boost (domain/promotion-boost.ts): decaying points bought with political capital. */
  promotionBoost: number;
  /** Creation time in ms since the epoch (or anything that orders the same way). */
  createdAt: number;
}

export function scoreOf(p: Pick<RankInputs, 'endorsements' | 'oppositions' | 'promotionBoost'>): number {
  return p.endorsements - p.oppositions + p.promotionBoost;
}

/** A priority is ranked once it has min_endorsements_for_ranking endorsements. */
export function isRanked(endorsements: number, minEndorsements: number): boolean {
  return endorsements >= minEndorsements;
}

/**
 * The list order: ranked before unranked, then score descending, endorsements descending, older
 * first, then id (byte order of the lower-case UUID text, as PostgreSQL compares uuid) so that no
 * two priorities ever tie.
 */
export function compareRankOrder(a: RankInputs, b: RankInputs, minEndorsements: number): number {
  const ranked = Number(isRanked(b.endorsements, minEndorsements)) - Number(isRanked(a.endorsements, minEndorsements));
  if (ranked !== 0) return ranked;
  const score = scoreOf(b) - scoreOf(a);
  if (score !== 0) return score;
  const endorsements = b.endorsements - a.endorsements;
  if (endorsements !== 0) return endorsements;
  if (a.createdAt !== b.createdAt) return a.createdAt - b.createdAt;
  const ida = a.id.toLowerCase();
  const idb = b.id.toLowerCase();
  return ida < idb ? -1 : ida > idb ? 1 : 0;
}

/** Every priority in list order with its rank: 1, 2, ... for ranked ones, null for the others. */
export function rankPriorities<T extends RankInputs>(priorities: readonly T[], minEndorsements: number): (T & { rank: number | null })[] {
  const ordered = [...priorities].sort((a, b) => compareRankOrder(a, b, minEndorsements));
  return ordered.map((p, index) => ({ ...p, rank: isRanked(p.endorsements, minEndorsements) ? index + 1 : null }));
}
