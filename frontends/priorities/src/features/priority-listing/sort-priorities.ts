// spec 2.5/2.7/3 sorts, applied in the browser (the server always answers in rank order).
import type { TPriority } from '@civic/contracts/priorities/http';

export const PRIORITY_SORTS = ['rank', 'recent', 'endorsed'] as const;
export type PrioritySort = (typeof PRIORITY_SORTS)[number];

export const PRIORITY_SORT_LABELS: Record<PrioritySort, string> = {
  rank: 'Top Ranked',
  recent: 'Most Recent',
  endorsed: 'Most Endorsed',
};

/** A new array; ties keep the server's rank order (the sort is stable). */
export function sortPriorities<T extends Pick<TPriority, 'createdAt' | 'endorsements'>>(priorities: readonly T[], sort: PrioritySort): T[] {
  const sorted = [...priorities];
  if (sort === 'recent') sorted.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  if (sort === 'endorsed') sorted.sort((a, b) => b.endorsements - a.endorsements);
  return sorted;
}
