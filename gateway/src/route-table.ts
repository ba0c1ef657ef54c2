// Which service owns which public path (DESIGN.md section 6). The one place that says it.
// A pattern ending in /* owns everything below it; `:name` is one path segment.
import { PRIORITY_STREAM_PATH } from '@civic/contracts';

export interface RouteClaim {
  service: string;
  patterns: readonly string[];
  /**
   * The service's event-stream (SSE) routes, exact paths inside its patterns: only these get the
   * gateway's stream pool and are counted against the stream limits (never decided by a client's
   * Accept header, which any request can carry).
   */
  streams?: readonly string[];
  /**
   * Exact paths inside its patterns whose state-changing calls need no CSRF token: they act on a
   * signed token the request carries, never on the browser's session (the mails' one-click
   * unsubscribe, which a mail client POSTs with no cookie at all, RFC 8058).
   */
  csrfExempt?: readonly string[];
  /**
   * Routes (inside its patterns, `:name` for a segment) whose answers are large documents: the gateway
   * passes them through as they come instead of holding them whole, so GATEWAY_UPSTREAM_MAX_RESPONSE_BYTES
   * does not apply, on a small pool of their own (forward-request.ts), so clients reading slowly hold
   * only those connections, never the ones the service's other calls need. The published snapshots.
   */
  downloads?: readonly string[];
}

export const ROUTE_TABLE: readonly RouteClaim[] = [
  { service: 'auth', patterns: ['/api/auth/*', '/api/csrf-token'] },
  {
    service: 'priorities',
    patterns: [
      '/api/issues',
      '/api/issues/*',
      '/api/priorities',
      '/api/priorities/*',
      '/api/admin/priorities/:id',
      '/api/stats',
      // The open agenda (issue 23): published snapshots and the administrators' request for one.
      '/api/open-data/*',
      '/api/admin/open-data/*',
    ],
    streams: [PRIORITY_STREAM_PATH],
    downloads: ['/api/open-data/snapshots/:id'],
  },
  { service: 'ledger', patterns: ['/api/political-capital/*', '/api/daily-login'] },
  { service: 'briefing', patterns: ['/api/briefing-docs', '/api/briefing-docs/*', '/api/admin/briefing-docs/:id'] },
  {
    service: 'social',
    patterns: [
      '/api/users/:id/followers',
      '/api/users/:id/following',
      '/api/users/:id/follow',
      '/api/users/:id/block',
      '/api/users/:id/activities',
      '/api/users/blocked',
      '/api/network/*',
      '/api/activities',
      '/api/activities/*',
    ],
  },
  { service: 'account', patterns: ['/api/users/:id/profile', '/api/users/search', '/api/settings', '/api/account', '/api/account/*'] },
  {
    service: 'admin',
    patterns: [
      '/api/admin/users',
      '/api/admin/users/*',
      '/api/admin/settings',
      '/api/admin/audit-logs',
      '/api/admin/audit-logs/*',
      '/api/admin/announcements',
      '/api/admin/announcements/*',
      '/api/admin/reports',
      '/api/reports',
      '/api/announcements',
      '/api/platform-settings',
      '/api/registration',
    ],
  },
  { service: 'notifications', patterns: ['/api/notifications/unsubscribe'], csrfExempt: ['/api/notifications/unsubscribe'] },
];
