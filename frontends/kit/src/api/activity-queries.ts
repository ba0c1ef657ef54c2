// Which cached reads show activity (spec 3 "Activity"): the feeds of /api/activities and a user's
// /api/users/{id}/activities, whatever query string or key split an area uses. Clearing the
// activity history refetches all of them, wherever they are shown.
import { isOperationPath } from '@civic/contracts/shared/route';
import { SOCIAL_ROUTES } from '@civic/contracts/social/routes';
import type { Query } from '@tanstack/react-query';
import { queryKeyToPath } from './query-client.ts';

export const ACTIVITIES_PATH = SOCIAL_ROUTES.listActivities.path;

const ACTIVITY_ROUTES = [SOCIAL_ROUTES.listActivities, SOCIAL_ROUTES.listUserActivities, SOCIAL_ROUTES.clearActivities];

export function isActivityQueryKey(queryKey: readonly unknown[]): boolean {
  const path = queryKeyToPath(queryKey);
  return ACTIVITY_ROUTES.some((route) => isOperationPath(route, path));
}

/** A `predicate` for queryClient.invalidateQueries / refetchQueries. */
export const isActivityQuery = (query: Query): boolean => isActivityQueryKey(query.queryKey);
