// The Briefing Room's list state (spec 2.8, 7.3, 9): the typed search (sent after a pause), the type
// filter, and how many pages are loaded; the list read for them, the previous one kept on screen
// while the next answers.
import type { TBriefingDocument } from '@civic/contracts/briefing/http';
import { useDebounced } from '@civic/frontend-kit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ALL_TYPES, DOCUMENT_PAGE_SIZE, documentListQueryKey, type TypeFilter } from './briefing-queries.ts';
import { canLoadMore, hasActiveFilters } from './document-list-view.ts';

const SEARCH_PAUSE_MS = 300;

export function useDocumentListing() {
  const [search, setSearch] = useState('');
  const [type, setType] = useState<TypeFilter>(ALL_TYPES);
  const sentSearch = useDebounced(search.trim(), SEARCH_PAUSE_MS);
  // Load More belongs to the filters it was pressed for: new filters start again from the first page.
  const filtersKey = JSON.stringify([sentSearch, type]);
  const [loaded, setLoaded] = useState({ filtersKey, limit: DOCUMENT_PAGE_SIZE });
  const limit = loaded.filtersKey === filtersKey ? loaded.limit : DOCUMENT_PAGE_SIZE;

  const query = useQuery<TBriefingDocument[]>({
    queryKey: documentListQueryKey({ search: sentSearch, type, limit }),
    placeholderData: keepPreviousData,
  });
  const documents = query.data ?? [];

  return {
    search,
    setSearch,
    type,
    setType,
    query,
    documents,
    /** The sent search differs from the typed one, or a new page is on its way. */
    isUpdating: search.trim() !== sentSearch || query.isPlaceholderData,
    hasFilters: hasActiveFilters({ search: sentSearch, type }),
    canLoadMore: !query.isPlaceholderData && canLoadMore(documents.length),
    loadMore: () => setLoaded({ filtersKey, limit: limit + DOCUMENT_PAGE_SIZE }),
  };
}

export type DocumentListing = ReturnType<typeof useDocumentListing>;
