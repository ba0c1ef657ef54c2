// Which requests are API calls, and the path the router matched, for the checks that go by path
// (CSRF, rate-limit budgets). The router matches the percent-decoded path, so a check that read
// request.url as sent would not see "/%61pi/priorities/…/vote" as the API call the router sends to
// the priorities service: a client could skip the CSRF guard and every budget by spelling a path
// differently. These helpers go by the route that matched and by the decoded path instead.
import type { FastifyRequest } from 'fastify';
import { pathOf } from '@civic/service-kit';

/** The request's path without its query, percent-decoded as the router decodes it before matching. */
export function routedPath(request: FastifyRequest): string {
  const path = pathOf(request.url);
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    // Malformed escapes: the router does not decode them either (and answers 400 or 404).
    return path;
  }
}

/** A call to a service's route (either profile tags those routes with their service), or any other /api path. */
export function isApiRequest(request: FastifyRequest): boolean {
  return request.routeOptions.config.service !== undefined || routedPath(request).startsWith('/api/');
}
