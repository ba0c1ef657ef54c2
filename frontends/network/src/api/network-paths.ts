// The addresses this area calls, from the contracts' zod-free routes (spec 7.3); each read's query key
// is its path (spec 7.1), so another area's invalidation of the same path reaches these reads.
import { operationPath } from '@civic/contracts/shared/route';
import { ACCOUNT_ROUTES } from '@civic/contracts/account/routes';
import { NETWORK_ROUTES, SOCIAL_ROUTES } from '@civic/contracts/social/routes';

export const followPath = (userId: string) => operationPath(NETWORK_ROUTES.follow, { id: userId });
export const blockPath = (userId: string) => operationPath(NETWORK_ROUTES.block, { id: userId });
export const followersPath = (userId: string) => operationPath(NETWORK_ROUTES.listFollowers, { id: userId });
export const followingPath = (userId: string) => operationPath(NETWORK_ROUTES.listFollowing, { id: userId });
export const profilePath = (userId: string) => operationPath(ACCOUNT_ROUTES.getProfile, { id: userId });
export const userActivitiesPath = (userId: string) => operationPath(SOCIAL_ROUTES.listUserActivities, { id: userId });
export const BLOCKED_PATH = NETWORK_ROUTES.listBlocked.path;
export const GROWTH_PATH = NETWORK_ROUTES.networkGrowth.path;
export const SEARCH_PATH = ACCOUNT_ROUTES.searchCitizens.path;

/** Spec 9: the Network Activity card reads 20 and shows 10. */
export const NETWORK_ACTIVITY_LIMIT = 20;
export const NETWORK_ACTIVITY_SHOWN = 10;
export const NETWORK_ACTIVITY_PATH = `${SOCIAL_ROUTES.listActivities.path}?network=true&limit=${NETWORK_ACTIVITY_LIMIT}`;

export const searchPath = (query: string) => `${SEARCH_PATH}?${new URLSearchParams({ q: query })}`;

/** Which of `ids` (the citizens a page shows) the caller follows: social's answer, right after a follow too. */
export const followingAmongPath = (ids: readonly string[]) => `${NETWORK_ROUTES.followingAmong.path}?${new URLSearchParams({ ids: ids.join(',') })}`;
