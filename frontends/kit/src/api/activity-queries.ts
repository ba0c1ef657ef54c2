// Which cached reads show activity (spec 3 "Activity"): the feeds of /api/activities and a user's
// /api/users/{id}/activities, whatever query string or key split an area uses. Clearing the
// activity history refetches all of them, wherever they are shown.
import { isOperationPath } from '@civic/contracts/http/operation';
import { SOCIAL_OPERATIONS } from '@civic/contracts/http/social';
import type { Query } from '@tanstack/react-query';
import { queryKeyToPath } from './query-client.ts';

export const ACTIVITIES_PATH = SOCIAL_OPERATIONS.listActivities.path;

const ACTIVITY_OPERATIONS = [SOCIAL_OPERATIONS.listActivities, SOCIAL_OPERATIONS.listUserActivities, SOCIAL_OPERATIONS.clearActivities];

export function isActivityQueryKey(queryKey: readonly unknown[]): boolean {
  const path = queryKeyToPath(queryKey);
  return ACTIVITY_OPERATIONS.some((operation) => isOperationPath(operation, path));
}

/** A `predicate` for queryClient.invalidateQueries / refetchQueries. */
export const isActivityQuery = (query: Query): boolean => isActivityQueryKey(query.queryKey);
