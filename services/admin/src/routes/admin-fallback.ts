// Every other request under /api/admin/ that reaches this service (the gateway already sends it
// /api/admin/users and the like before their routes exist, and any method of its own paths) is
// refused to anyone but an administrator first: a visitor gets 401 and a citizen 403, never a hint
// of what exists; an administrator gets 404. The operations' own routes win over these (find-my-way
// prefers a static or parametric route to a wildcard, and the methods below are the ones left over).
import { ADMIN_OPERATIONS, fastifyPath, type HttpMethod } from '@civic/contracts';
import { NotFound } from '@civic/service-kit';
import type { FastifyInstance } from 'fastify';

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The admin paths below which nothing is served yet, or only parametric routes (every method falls
 * back). /api/admin/users itself is a contract path now (listUsers): the loop below covers its free methods.
 */
const WILDCARDS = ['/api/admin/users/*', '/api/admin/audit-logs/*', '/api/admin/announcements/*'];

export async function adminFallbackRoutes(app: FastifyInstance) {
  const notFound = async () => {
    throw new NotFound('Not found');
  };
  for (const url of WILDCARDS) app.route({ method: [...METHODS], url, config: { auth: 'admin' }, handler: notFound });
  // The exact admin paths of the contracts: the methods no operation uses, and the admin service's
  // operations whose handlers are not registered (yet), each behind its operation's own guard.
  const taken = new Map<string, Set<HttpMethod>>();
  for (const operation of Object.values(ADMIN_OPERATIONS)) {
    const url = fastifyPath(operation);
    if (!url.startsWith('/api/admin/')) continue;
    if (operation.owner === 'admin' && !app.hasRoute({ method: operation.method, url })) app.route({ method: operation.method, url, handler: notFound });
    if (url.includes(':')) continue;
    taken.set(url, (taken.get(url) ?? new Set()).add(operation.method));
  }
  for (const [url, used] of taken) {
    const free = METHODS.filter((method) => !used.has(method));
    if (free.length > 0) app.route({ method: free, url, config: { auth: 'admin' }, handler: notFound });
  }
}
