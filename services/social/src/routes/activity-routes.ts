// GET /api/activities, GET /api/users/{id}/activities, DELETE /api/activities/clear.
import { fastifyPath, isUuid, routeSchema, SOCIAL_MESSAGES, SOCIAL_OPERATIONS as ops } from '@civic/contracts';
import { requireUser, typed } from '@civic/service-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { clearActivities } from '../activities/clear-activities.ts';
import { listNetworkActivities, listOwnActivities, listUserActivities } from '../activities/list-activities.ts';
import type { SocialContext } from '../context.ts';
import { UserNotFound } from '../errors.ts';

const ZUserIdParams = z.object({ id: z.string() });

export async function activityRoutes(app: FastifyInstance, { ctx }: { ctx: SocialContext }) {
  const r = typed(app);

  r.get(fastifyPath(ops.listActivities), { schema: routeSchema(ops.listActivities) }, async (request) => {
    const userId = requireUser(request);
    const { limit, network } = request.query;
    return network === 'true' ? listNetworkActivities(ctx, userId, limit) : listOwnActivities(ctx, userId, limit);
  });

  r.get(fastifyPath(ops.listUserActivities), { schema: { ...routeSchema(ops.listUserActivities), params: ZUserIdParams } }, async (request) => {
    const viewerId = requireUser(request);
    // Anything that is not a UUID names no user: a 404, not a database error.
    if (!isUuid(request.params.id)) throw new UserNotFound();
    return listUserActivities(ctx, request.params.id.toLowerCase(), viewerId, request.query.limit);
  });

  r.delete(fastifyPath(ops.clearActivities), { schema: routeSchema(ops.clearActivities) }, async (request) => {
    const cleared = await clearActivities(ctx, requireUser(request));
    return { message: SOCIAL_MESSAGES.activityCleared, cleared };
  });
}
