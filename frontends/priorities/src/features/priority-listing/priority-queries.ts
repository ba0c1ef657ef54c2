// The priorities reads of spec 7.3 as query keys (spec 7.1: a key is the path it GETs), and the
// cache updates every priorities screen shares: refetching the lists after a vote, a promotion,
// a creation or a live event, wherever they are shown.
import { isOperationPath, operationPath } from '@civic/contracts/shared/route';
import type { TIssuePage, TPriority, TStatePriorityList, TVoteResult } from '@civic/contracts/priorities/http';
import type { UsStateCode } from '@civic/contracts/account/us-states';
import { PRIORITIES_ROUTES, PRIORITY_STREAM_PATH } from '@civic/contracts/priorities/routes';
import type { Query } from '@tanstack/react-query';
import { queryClient, queryKeyToPath } from '@civic/frontend-kit';
import type { IssueCategory } from './issue-categories.ts';

export const PRIORITIES_PATH = PRIORITIES_ROUTES.listPriorities.path;
export const ISSUES_PATH = PRIORITIES_ROUTES.listIssues.path;
export const STATS_PATH = PRIORITIES_ROUTES.stats.path;
export { PRIORITY_STREAM_PATH };

/** spec 9: a page of priorities; Load More asks for this many more. */
export const PRIORITY_PAGE_SIZE = 50;

/** The category filter's "all" choice: the query then omits `category` (spec 7.3). */
export const ALL_CATEGORIES = 'all';
export type CategoryFilter = typeof ALL_CATEGORIES | IssueCategory;

export interface PriorityListFilters {
  search: string;
  category: CategoryFilter;
  limit: number;
  /** The agenda by state (issue 23); null: the national ranking. */
  state?: UsStateCode | null;
}

/** What GET /api/priorities answers: the national list, or with `state` the agenda by state. */
export type PriorityListData = TPriority[] | TStatePriorityList;

export const prioritiesOf = (data: PriorityListData | undefined): TPriority[] => (data === undefined ? [] : Array.isArray(data) ? data : data.priorities);

/** GET /api/priorities with search (when not blank), category (omitted when all), state (when chosen) and limit; the sort is local. */
export function priorityListPath({ search, category, limit, state }: PriorityListFilters): string {
  const query = new URLSearchParams();
  const term = search.trim();
  if (term) query.set('search', term);
  if (category !== ALL_CATEGORIES) query.set('category', category);
  if (state) query.set('state', state);
  query.set('limit', String(limit));
  return `${PRIORITIES_PATH}?${query.toString()}`;
}

export const priorityListQueryKey = (filters: PriorityListFilters) => [priorityListPath(filters)] as const;

export function isPriorityListQueryKey(queryKey: readonly unknown[]): boolean {
  return isOperationPath(PRIORITIES_ROUTES.listPriorities, queryKeyToPath(queryKey));
}

export const isPriorityListQuery = (query: Query): boolean => isPriorityListQueryKey(query.queryKey);

/** A page of an issue's priorities (issue 38): GET /api/issues/{id}, the next page `after` the last priority shown. */
export function issuePagePath(issueId: number, limit: number, after?: string): string {
  const query = new URLSearchParams({ limit: String(limit) });
  if (after) query.set('after', after);
  return `${operationPath(PRIORITIES_ROUTES.getIssue, { id: issueId })}?${query.toString()}`;
}

const isIssuePageQuery = (query: Query): boolean => isOperationPath(PRIORITIES_ROUTES.getIssue, queryKeyToPath(query.queryKey));

/** Spec 4: after a vote, its removal, a promotion or a creation the priorities lists (an issue's page too) are refetched. */
export function refetchPriorityLists(options: { cancelRefetch?: boolean } = {}): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => isPriorityListQuery(query) || isIssuePageQuery(query) }, options);
}

/** Shows a vote's answer at once in every cached list, before the refetch brings the new order. */
export function applyVoteResult(result: TVoteResult): void {
  const apply = <T extends TPriority>(priority: T): T =>
    priority.id === result.priorityId
      ? { ...priority, endorsements: result.endorsements, oppositions: result.oppositions, userVote: result.userVote }
      : priority;
  // A state's tallies are counted by the server (and kept a while): only the national counts move here.
  queryClient.setQueriesData<PriorityListData>({ predicate: isPriorityListQuery }, (data) =>
    data === undefined ? data : Array.isArray(data) ? data.map(apply) : { ...data, priorities: data.priorities.map(apply) },
  );
  queryClient.setQueriesData<TIssuePage>({ predicate: isIssuePageQuery }, (data) =>
    data === undefined ? data : { ...data, priorities: data.priorities.map(apply) },
  );
}

export const votePath = (priorityId: string) => operationPath(PRIORITIES_ROUTES.vote, { id: priorityId });
export const promotePath = (priorityId: string) => operationPath(PRIORITIES_ROUTES.promote, { id: priorityId });
