// An issue's priorities (issue 38), a keyset page at a time: each Load More asks for the page after
// the last priority shown. Every page is its own cached read of GET /api/issues/{id}, so a vote's
// answer and the refetch after it reach them as they reach the other lists (priority-queries.ts).
import type { TIssuePage } from '@civic/contracts/priorities/http';
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { issuePagePath, PRIORITY_PAGE_SIZE } from '../priority-listing/priority-queries.ts';

export function useIssuePages(issueId: number) {
  // The cursor of each page after the first, per issue (a new issue starts from its first page).
  const [cursors, setCursors] = useState<{ issueId: number; after: string[] }>({ issueId, after: [] });
  const after = cursors.issueId === issueId ? cursors.after : [];
  const queries = useQueries({
    queries: [undefined, ...after].map((cursor) => ({
      queryKey: [issuePagePath(issueId, PRIORITY_PAGE_SIZE, cursor)],
      placeholderData: cursor === undefined ? undefined : keepPreviousData,
    })),
  }) as { data?: TIssuePage; isPending: boolean; isError: boolean; error: unknown; isPlaceholderData: boolean }[];
  const first = queries[0]!;
  const pages = queries.map((query) => query.data).filter((page): page is TIssuePage => page !== undefined);
  const priorities = pages.flatMap((page) => page.priorities);
  const last = queries[queries.length - 1]!;
  const lastPage = last.data;
  return {
    first,
    issue: first.data?.issue,
    priorities,
    canLoadMore: !last.isPlaceholderData && lastPage !== undefined && lastPage.priorities.length === PRIORITY_PAGE_SIZE,
    loadMore: () => {
      const lastPriority = lastPage?.priorities.at(-1);
      if (lastPriority) setCursors({ issueId, after: [...after, lastPriority.id] });
    },
  };
}
