// Which cached reads a follow or block changes, wherever they are shown (this area, the profile, the
// dashboard's Your Network card, Settings' counts): the people lists, the blocked list, Discover and its follow marks, the
// network feed and growth, activity lists (a block hides activity both ways) and account stats.
import { isOperationPath, type Route } from '@civic/contracts/shared/route';
import { ACCOUNT_ROUTES } from '@civic/contracts/account/routes';
import { NETWORK_ROUTES, SOCIAL_ROUTES } from '@civic/contracts/social/routes';
import { queryKeyToPath } from '@civic/frontend-kit';
import type { Query } from '@tanstack/react-query';

const CHANGED_BY_NETWORK: readonly Route[] = [
  NETWORK_ROUTES.listFollowers,
  NETWORK_ROUTES.listFollowing,
  NETWORK_ROUTES.listBlocked,
  NETWORK_ROUTES.networkGrowth,
  NETWORK_ROUTES.followingAmong,
  ACCOUNT_ROUTES.searchCitizens,
  ACCOUNT_ROUTES.accountStats,
  SOCIAL_ROUTES.listActivities,
  SOCIAL_ROUTES.listUserActivities,
];

export function isChangedByNetworkKey(queryKey: readonly unknown[]): boolean {
  // The path is the key's first part; a paged list adds 'pages' after it (people/list-pages.ts).
  const path = queryKeyToPath(queryKey.slice(0, 1));
  return CHANGED_BY_NETWORK.some((route) => isOperationPath(route, path));
}

/** A `predicate` for queryClient.invalidateQueries. */
export const isChangedByNetwork = (query: Query): boolean => isChangedByNetworkKey(query.queryKey);
