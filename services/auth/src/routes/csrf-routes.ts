// GET /api/csrf-token: a token bound to this browser's session cookie, or before sign-in to its
// pre-session cookie, which is set here when missing (it also binds sign-in requests, SECURITY 7).
import { AUTH_OPERATIONS as ops, fastifyPath, routeSchema } from '@civic/contracts';
import { cookieNames, cookieOptions, csrfBinding, issueCsrfToken, randomToken, typed } from '@civic/service-kit';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../context.ts';

export async function csrfRoutes(app: FastifyInstance, { ctx }: { ctx: AuthContext }) {
  const names = cookieNames(ctx.platform.config);
  typed(app).get(fastifyPath(ops.csrfToken), { schema: routeSchema(ops.csrfToken) }, async (request, reply) => {
    const cookies = { ...request.cookies };
    if (!cookies[names.preSession]) {
      cookies[names.preSession] = randomToken(32);
      reply.setCookie(names.preSession, cookies[names.preSession]!, cookieOptions(ctx.platform.config));
    }
    reply.header('cache-control', 'no-store');
    return { token: issueCsrfToken(ctx.platform.secrets.csrf, csrfBinding(cookies, names)!) };
  });
}
