// Method and path of each account operation (contracts/src/account/http.ts adds the schemas).
// Zod-free, for browser code (docs/frontend-weight.md).
import type { Route } from '../shared/route.ts';

export const ACCOUNT_ROUTES = {
  getProfile: { method: 'GET', path: '/api/users/{id}/profile' },
  updateProfile: { method: 'PATCH', path: '/api/users/{id}/profile' },
  /** Discover (spec 2.9): citizens with public profiles, found by name. */
  searchCitizens: { method: 'GET', path: '/api/users/search' },
  getSettings: { method: 'GET', path: '/api/settings' },
  updateSettings: { method: 'PATCH', path: '/api/settings' },
  accountStats: { method: 'GET', path: '/api/account/stats' },
  exportAccount: { method: 'GET', path: '/api/account/export' },
  deleteAccount: { method: 'DELETE', path: '/api/account' },
} as const satisfies Record<string, Route>;
