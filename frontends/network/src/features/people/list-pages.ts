// The network lists page by offset (contracts ZNetworkListQuery): 50 at a time, the contracts'
// NETWORK_LIST_LIMITS.default (not imported: that module brings zod into the page). A full page means
// there may be more, so the list offers Load More; a short one is the end.
import { apiRequestJson } from '@civic/frontend-kit';
import { useInfiniteQuery } from '@tanstack/react-query';

export const LIST_PAGE_SIZE = 50;

/** The offset of the next page, or undefined when the last page was short (the end of the list). */
export function nextOffset(lastPage: readonly unknown[], pages: readonly (readonly unknown[])[]): number | undefined {
  return lastPage.length === LIST_PAGE_SIZE ? pages.length * LIST_PAGE_SIZE : undefined;
}

export const pagePath = (path: string, offset: number) => `${path}?limit=${LIST_PAGE_SIZE}&offset=${offset}`;

/**
 * A list read page by page. The key starts with the list's path (what the invalidation after a
 * follow or block matches) and adds 'pages', apart from a plain read of the same path's first page.
 */
export function useListPages<T>(path: string) {
  const query = useInfiniteQuery({
    queryKey: [path, 'pages'],
    queryFn: ({ pageParam }) => apiRequestJson<T[]>('GET', pagePath(path, pageParam)),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
  return { ...query, items: query.data?.pages.flat() };
}
