// /api/admin/users (administrators; the kit's 'admin' guard ran first): the directory's pages and the
// five standing actions, which auth carries out (src/users/change-standing.ts).
import { ADMIN_OPERATIONS as ops, fastifyPath, isUuid, routeSchema, type TStandingChange } from '@civic/contracts';
import { requireUser, typed } from '@civic/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AdminContext } from '../context.ts';
import { changeStanding } from '../users/change-standing.ts';
import { listUsers } from '../users/list-users.ts';
import { UserNotFound } from '../users/user-errors.ts';

const ZIdParams = z.object({ id: z.string() });

export async function userRoutes(app: FastifyInstance, { ctx }: { ctx: AdminContext }) {
  const r = typed(app);

  r.get(fastifyPath(ops.listUsers), { schema: routeSchema(ops.listUsers) }, async (request) => {
    requireUser(request);
    return listUsers(ctx.db, request.query);
  });

  /** Anything that is not a UUID names no user: a 404 before anyone is asked. */
  const act = (request: FastifyRequest<{ Params: { id: string } }>, change: TStandingChange) => {
    const userId = requireUser(request);
    if (!isUuid(request.params.id)) throw new UserNotFound();
    return changeStanding(ctx, { ...request.identity, userId }, String(request.id), request.params.id.toLowerCase(), change);
  };

  r.patch(fastifyPath(ops.setUserAdmin), { schema: { ...routeSchema(ops.setUserAdmin), params: ZIdParams } }, async (request) =>
    act(request, request.body.isAdmin ? 'grant_admin' : 'revoke_admin'),
  );
  r.post(fastifyPath(ops.banUser), { schema: { ...routeSchema(ops.banUser), params: ZIdParams } }, async (request) => act(request, 'ban_user'));
  r.post(fastifyPath(ops.unbanUser), { schema: { ...routeSchema(ops.unbanUser), params: ZIdParams } }, async (request) => act(request, 'unban_user'));
  r.post(fastifyPath(ops.approveUser), { schema: { ...routeSchema(ops.approveUser), params: ZIdParams } }, async (request) => act(request, 'approve_user'));
  r.post(fastifyPath(ops.rejectUser), { schema: { ...routeSchema(ops.rejectUser), params: ZIdParams } }, async (request) => act(request, 'reject_user'));
}
