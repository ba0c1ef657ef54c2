// State-changing API calls need an X-CSRF-Token bound to this browser (SECURITY 13). The 403 body
// says CSRF, which is what the client keys its fetch-a-new-token-and-retry-once rule on.
import type { FastifyInstance } from 'fastify';
import { type CookieNames, createError, csrfBinding, type KeyRing, verifyCsrfToken } from '@civic/service-kit';
import { isApiRequest, routedPath } from './api-request.ts';

export const CsrfRejected = createError('GATEWAY_CSRF_INVALID', 'Invalid or missing CSRF token', 403);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `exempt`: exact paths whose calls act on a signed token they carry, never on the session (the route
 * table's csrfExempt: the mails' one-click unsubscribe, POSTed by mail clients without any cookie).
 */
export function installCsrfGuard(app: FastifyInstance, secret: KeyRing, names: CookieNames, exempt: ReadonlySet<string> = new Set()): void {
  // A callback hook: most requests are safe reads, which then cost no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || !isApiRequest(request)) return done();
    if (exempt.size > 0 && exempt.has(routedPath(request))) return done();
    const token = request.headers['x-csrf-token'];
    if (!verifyCsrfToken(secret, csrfBinding(request.cookies, names), typeof token === 'string' ? token : undefined)) return done(new CsrfRejected());
    done();
  });
}
