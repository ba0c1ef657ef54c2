// Method and path of each social operation (contracts/src/http/social.ts adds the schemas).
// Zod-free, for browser code (docs/frontend-weight.md).
import type { Route } from '../route.ts';

export const SOCIAL_ROUTES = {
  listActivities: { method: 'GET', path: '/api/activities' },
  listUserActivities: { method: 'GET', path: '/api/users/{id}/activities' },
  clearActivities: { method: 'DELETE', path: '/api/activities/clear' },
} as const satisfies Record<string, Route>;
