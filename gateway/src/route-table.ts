// Which service owns which public path (DESIGN.md section 6): each contract operation's path belongs
// to its owner (contracts/), for the services of the roster (@civic/roster). What the contracts do
// not say is the gateway's policy below: a prefix a service serves beyond its operations, its event
// streams, its downloads, its CSRF exemptions. A pattern ending in /* owns everything below it;
// `:name` is one path segment.
import { ALL_OPERATIONS, fastifyPath, type Operation, PRIORITY_STREAM_PATH } from '@civic/contracts';
import { SERVICES_BY_PORT } from '@civic/roster';
import { claimCovers } from './route-patterns.ts';

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

/** What the gateway adds to a service's operations; `patterns` are prefixes it owns whole. */
export type RoutePolicy = Partial<Omit<RouteClaim, 'service'>>;

export const ROUTE_POLICIES: Readonly<Record<string, RoutePolicy>> = {
  auth: { patterns: ['/api/auth/*'] },
  priorities: {
    // The open agenda: published snapshots and the administrators' request for one.
    patterns: ['/api/issues/*', '/api/priorities/*', '/api/open-data/*', '/api/admin/open-data/*'],
    streams: [PRIORITY_STREAM_PATH],
    downloads: ['/api/open-data/snapshots/:id'],
  },
  ledger: { patterns: ['/api/political-capital/*'] },
  briefing: { patterns: ['/api/briefing-docs/*'] },
  social: { patterns: ['/api/network/*', '/api/activities/*'] },
  account: { patterns: ['/api/account/*'] },
  // Its fallback answers 404 below these prefixes for any method (services/admin/src/routes/admin-fallback.ts).
  admin: { patterns: ['/api/admin/users/*', '/api/admin/audit-logs/*', '/api/admin/announcements/*'] },
  notifications: { csrfExempt: ['/api/notifications/unsubscribe'] },
};

/** One claim per service: its policy's prefixes and every path of its operations they do not cover. */
export function routeTableOf(
  services: readonly { name: string }[],
  operations: readonly Operation[] = ALL_OPERATIONS,
  policies: Readonly<Record<string, RoutePolicy>> = ROUTE_POLICIES,
): RouteClaim[] {
  return services.map(({ name }) => {
    const { patterns: prefixes = [], ...policy } = policies[name] ?? {};
    const paths = operations.filter((operation) => operation.owner === name).map((operation) => fastifyPath(operation));
    const exact = [...new Set(paths)].filter((path) => !prefixes.some((prefix) => claimCovers(prefix, path)));
    return { service: name, patterns: [...exact, ...prefixes], ...policy };
  });
}

export const ROUTE_TABLE: readonly RouteClaim[] = routeTableOf(SERVICES_BY_PORT);
