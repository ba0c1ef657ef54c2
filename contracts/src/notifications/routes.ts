// Method and path of each notifications operation (contracts/src/notifications/http.ts adds the schemas).
// Zod-free, for browser code (docs/frontend-weight.md).
import type { Route } from '../shared/route.ts';

/**
 * The one-click unsubscribe link of every notification mail (RFC 8058): GET shows a page
 * with one button, POST (the button, or a mail client's `List-Unsubscribe=One-Click`) turns the switch
 * off. The signed token in the query is the only authority: no session, no CSRF token.
 */
export const NOTIFICATIONS_ROUTES = {
  unsubscribePage: { method: 'GET', path: '/api/notifications/unsubscribe' },
  unsubscribe: { method: 'POST', path: '/api/notifications/unsubscribe' },
} as const satisfies Record<string, Route>;
