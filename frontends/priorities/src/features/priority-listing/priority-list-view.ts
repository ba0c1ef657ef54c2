// What a priorities list shows for its filters (spec 2.7): rank numbers, empty states, Load More.
import { PRIORITY_LIST_LIMITS } from '@civic/contracts/priorities/http';
import { ALL_CATEGORIES, PRIORITY_PAGE_SIZE, type CategoryFilter } from './priority-queries.ts';
import type { PrioritySort } from './sort-priorities.ts';

export interface PriorityListView {
  search: string;
  category: CategoryFilter;
  sort: PrioritySort;
}

export function hasActiveFilters({ search, category }: Pick<PriorityListView, 'search' | 'category'>): boolean {
  return search.trim() !== '' || category !== ALL_CATEGORIES;
}

/** Rank numbers show only when search is empty, the category is all and the sort is rank. */
export function showsRankNumbers(view: PriorityListView): boolean {
  return !hasActiveFilters(view) && view.sort === 'rank';
}

/**
 * Load More appears when the loaded count is a non-zero multiple of the page size (50), below the
 * most one read answers: spec 7.3's list call has only a limit, so a longer list cannot be asked
 * for (the server refuses a larger limit, which would replace the list with its error).
 */
export function canLoadMore(loadedCount: number): boolean {
  return loadedCount > 0 && loadedCount % PRIORITY_PAGE_SIZE === 0 && loadedCount < PRIORITY_LIST_LIMITS.max;
}
