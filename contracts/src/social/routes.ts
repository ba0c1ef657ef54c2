// Method and path of each social operation (contracts/src/social/http.ts and network.ts add the schemas).
// Zod-free, for browser code (docs/frontend-weight.md).
import type { Route } from '../shared/route.ts';

export const SOCIAL_ROUTES = {
  listActivities: { method: 'GET', path: '/api/activities' },
  listUserActivities: { method: 'GET', path: '/api/users/{id}/activities' },
  clearActivities: { method: 'DELETE', path: '/api/activities/clear' },
} as const satisfies Record<string, Route>;

/** The citizen network (spec 2.9, 2.10, 4 "Follow" and "Block", 7.3). */
export const NETWORK_ROUTES = {
  follow: { method: 'POST', path: '/api/users/{id}/follow' },
  unfollow: { method: 'DELETE', path: '/api/users/{id}/follow' },
  listFollowers: { method: 'GET', path: '/api/users/{id}/followers' },
  listFollowing: { method: 'GET', path: '/api/users/{id}/following' },
  block: { method: 'POST', path: '/api/users/{id}/block' },
  unblock: { method: 'DELETE', path: '/api/users/{id}/block' },
  listBlocked: { method: 'GET', path: '/api/users/blocked' },
  networkGrowth: { method: 'GET', path: '/api/network/growth' },
  followingAmong: { method: 'GET', path: '/api/network/following' },
} as const satisfies Record<string, Route>;
