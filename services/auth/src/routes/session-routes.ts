// GET /api/auth/user (the signed-in user, 401 when signed out) and POST /api/auth/logout.
import { AUTH_OPERATIONS as ops, fastifyPath, routeSchema } from '@civic/contracts';
import { cookieNames, cookieOptions, requireUser, typed, Unauthorized } from '@civic/service-kit';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../context.ts';
import { emitSessionRevoked } from '../events.ts';
import { hashSessionId } from '../sessions/sessions.ts';
import { findUserById } from '../users/find-user.ts';
import { toUserView } from '../users/user-view.ts';

export async function sessionRoutes(app: FastifyInstance, { ctx }: { ctx: AuthContext }) {
  const names = cookieNames(ctx.platform.config);
  const r = typed(app);

  r.get(fastifyPath(ops.currentUser), { schema: routeSchema(ops.currentUser) }, async (request, reply) => {
    const userId = requireUser(request);
    const user = await findUserById(ctx, userId);
    if (!user) throw new Unauthorized();
    reply.header('cache-control', 'no-store');
    return toUserView(user);
  });

  r.post(fastifyPath(ops.logout), { schema: routeSchema(ops.logout) }, async (request, reply) => {
    const sessionId = request.cookies[names.session];
    if (sessionId) await ctx.platform.sessions.delete(hashSessionId(sessionId));
    const userId = request.identity.userId;
    if (userId) {
      await ctx.db.transaction((tx) => emitSessionRevoked(tx, { userId, reason: 'logout', revokedAt: ctx.platform.clock.now().toISOString() }));
    }
    reply.clearCookie(names.session, cookieOptions(ctx.platform.config));
    return { success: true as const };
  });
}
