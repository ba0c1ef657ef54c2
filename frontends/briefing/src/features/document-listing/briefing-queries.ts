// The briefing reads of spec 7.3 as query keys (spec 7.1: a key is the path it GETs), and the refresh
// after a contribution: every document list (the room's, the dashboard's card), the room's tiles and
// the activity feeds are read again; the dashboard's Talking Points tile and the contributor's
// political capital are set from what the answer says.
import { isOperationPath } from '@civic/contracts/shared/route';
import { BRIEFING_ROUTES } from '@civic/contracts/briefing/routes';
import { PRIORITIES_ROUTES } from '@civic/contracts/priorities/routes';
import type { TStats } from '@civic/contracts/priorities/http';
import { isSearchableTerm, type TBriefingDocType } from '@civic/contracts/briefing/messages';
import type { Query } from '@tanstack/react-query';
import { cachedBalance, isActivityQuery, queryClient, queryKeyToPath, setBalance } from '@civic/frontend-kit';

export const DOCUMENTS_PATH = BRIEFING_ROUTES.listDocuments.path;
export const DOCUMENT_STATS_PATH = BRIEFING_ROUTES.documentStats.path;
export const DOCUMENT_STATS_QUERY_KEY = [DOCUMENT_STATS_PATH] as const;

/** spec 9: a page of documents; Load More asks for this many more (limit=50, 100, ...). */
export const DOCUMENT_PAGE_SIZE = 50;

/** The type filter's "all" choice: the query then omits `type` (spec 7.3). */
export const ALL_TYPES = 'all';
export type TypeFilter = typeof ALL_TYPES | TBriefingDocType;

export interface DocumentListFilters {
  search: string;
  type: TypeFilter;
  limit: number;
}

/**
 * GET /api/briefing-docs with search (from its third character: the service refuses shorter terms,
 * which the list shows unfiltered as a blank one), type (omitted when all) and limit.
 */
export function documentListPath({ search, type, limit }: DocumentListFilters): string {
  const query = new URLSearchParams();
  const term = search.trim();
  if (isSearchableTerm(term)) query.set('search', term);
  if (type !== ALL_TYPES) query.set('type', type);
  query.set('limit', String(limit));
  return `${DOCUMENTS_PATH}?${query.toString()}`;
}

export const documentListQueryKey = (filters: DocumentListFilters) => [documentListPath(filters)] as const;

/** Any cached document list: the room's pages and the dashboard's `limit=5` card. */
export const isDocumentListQuery = (query: Query): boolean => isOperationPath(BRIEFING_ROUTES.listDocuments, queryKeyToPath(query.queryKey));

/** spec 2.14, 9: the picker loads 100 priorities (and shows 20 of them). */
export const PICKER_PRIORITIES_QUERY_KEY = [`${PRIORITIES_ROUTES.listPriorities.path}?limit=100`] as const;

const PLATFORM_STATS_QUERY_KEY = [PRIORITIES_ROUTES.stats.path] as const;

/**
 * The dashboard's Talking Points tile (GET /api/stats `briefingDocs`) is counted by the priorities
 * service from briefing's event, a moment after the create answered: a read now would still give the
 * old count, and the new one is known (one more). Nothing to do where no tile was read.
 */
function countNewDocument(): void {
  queryClient.setQueryData<TStats>(PLATFORM_STATS_QUERY_KEY, (stats) => stats && { ...stats, briefingDocs: stats.briefingDocs + 1 });
}

/** What a new document changes (not awaited: the dialog closes at once). */
export function refreshAfterContribution(politicalCapitalEarned: number): void {
  void queryClient.invalidateQueries({ predicate: isDocumentListQuery });
  void queryClient.invalidateQueries({ queryKey: DOCUMENT_STATS_QUERY_KEY });
  countNewDocument();
  void queryClient.invalidateQueries({ predicate: isActivityQuery });
  // The ledger credits exactly what the answer says was earned, from briefing's event a moment later.
  const before = cachedBalance();
  if (politicalCapitalEarned > 0 && before !== null) void setBalance({ balance: before + politicalCapitalEarned });
}
