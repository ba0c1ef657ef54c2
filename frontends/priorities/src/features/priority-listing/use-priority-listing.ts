// State of a priorities list screen (spec 2.5, 2.7): the search (sent after a short pause in
// typing), the category (omitted when all), the state of the agenda by state (issue 23; none: the
// national ranking), the local sort, the loaded limit (Load More adds 50), and the live stream while
// the list is shown.
import type { UsStateCode } from '@civic/contracts/account/us-states';
import { useDebounced } from '@civic/frontend-kit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLivePriorities } from './live-priorities.ts';
import { canLoadMore, hasActiveFilters, showsRankNumbers } from './priority-list-view.ts';
import { ALL_CATEGORIES, PRIORITY_PAGE_SIZE, prioritiesOf, priorityListQueryKey, type CategoryFilter, type PriorityListData } from './priority-queries.ts';
import { sortPriorities, type PrioritySort } from './sort-priorities.ts';

const SEARCH_PAUSE_MS = 300;

export function usePriorityListing() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<CategoryFilter>(ALL_CATEGORIES);
  const [sort, setSort] = useState<PrioritySort>('rank');
  const [state, setState] = useState<UsStateCode | null>(null);
  const sentSearch = useDebounced(search.trim(), SEARCH_PAUSE_MS);
  // Load More belongs to the filters it was pressed for: new filters start again from the first page.
  const filtersKey = JSON.stringify([sentSearch, category, state]);
  const [loaded, setLoaded] = useState({ filtersKey, limit: PRIORITY_PAGE_SIZE });
  const limit = loaded.filtersKey === filtersKey ? loaded.limit : PRIORITY_PAGE_SIZE;

  useLivePriorities();
  const query = useQuery<PriorityListData>({
    queryKey: priorityListQueryKey({ search: sentSearch, category, limit, state }),
    placeholderData: keepPreviousData,
  });
  const priorities = useMemo(() => sortPriorities(prioritiesOf(query.data), sort), [query.data, sort]);
  // The state answer shown (a placeholder may still be the previous choice's).
  const stateList = query.data && !Array.isArray(query.data) ? query.data : null;
  // The list shown belongs to the filters sent, not to what is still being typed.
  const shownFilters = { search: sentSearch, category };

  return {
    search,
    setSearch,
    category,
    setCategory,
    sort,
    setSort,
    state,
    setState,
    stateList,
    query,
    priorities,
    /** The sent search differs from the typed one, or a new page is on its way. */
    isUpdating: search.trim() !== sentSearch || query.isPlaceholderData,
    hasFilters: hasActiveFilters(shownFilters),
    showRank: showsRankNumbers({ ...shownFilters, sort }),
    canLoadMore: !query.isPlaceholderData && canLoadMore(prioritiesOf(query.data).length),
    loadMore: () => setLoaded({ filtersKey, limit: limit + PRIORITY_PAGE_SIZE }),
  };
}

export type PriorityListing = ReturnType<typeof usePriorityListing>;
