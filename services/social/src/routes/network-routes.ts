// The citizen network's routes (NETWORK_OPERATIONS): follow, unfollow, the follower and following
// lists, block, unblock, the blocked list, Network Growth, the follow marks of shown citizens and a
// citizen's standing (counts and relation). The operation guards (auth: 'user' or
// 'active-user') run first, from the contracts.
import { fastifyPath, isUuid, NETWORK_OPERATIONS as ops, routeSchema } from '@civic/contracts';
import { requireUser, typed } from '@civic/service-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SocialContext } from '../context.ts';
import { NetworkUserNotFound } from '../errors.ts';
import { block, unblock } from '../network/blocks.ts';
import { follow, unfollow } from '../network/follow-edges.ts';
import { followingAmong } from '../network/following-among.ts';
import { withKnownTarget } from '../network/known-member.ts';
import { listBlocked, listFollowers, listFollowing, networkGrowth } from '../network/list-network.ts';
import { networkStanding } from '../network/network-standing.ts';

const ZUserIdParams = z.object({ id: z.string() });

/** The path's user id, lower case; anything that is not a UUID names nobody (404, not a database error). */
function userIdOf(params: { id: string }): string {
  if (!isUuid(params.id)) throw new NetworkUserNotFound();
  return params.id.toLowerCase();
}

export async function networkRoutes(app: FastifyInstance, { ctx }: { ctx: SocialContext }) {
  const r = typed(app);
  r.post(fastifyPath(ops.follow), { schema: { ...routeSchema(ops.follow), params: ZUserIdParams } }, async (request) => {
    const [userId, targetId] = [requireUser(request), userIdOf(request.params)];
    return withKnownTarget(ctx, request.identity, targetId, () => follow(ctx, userId, targetId));
  });
  r.delete(fastifyPath(ops.unfollow), { schema: { ...routeSchema(ops.unfollow), params: ZUserIdParams } }, async (request) =>
    unfollow(ctx, requireUser(request), userIdOf(request.params)),
  );
  r.get(fastifyPath(ops.listFollowers), { schema: { ...routeSchema(ops.listFollowers), params: ZUserIdParams } }, async (request) =>
    listFollowers(ctx, userIdOf(request.params), requireUser(request), request.query),
  );
  r.get(fastifyPath(ops.listFollowing), { schema: { ...routeSchema(ops.listFollowing), params: ZUserIdParams } }, async (request) =>
    listFollowing(ctx, userIdOf(request.params), requireUser(request), request.query),
  );
  r.post(fastifyPath(ops.block), { schema: { ...routeSchema(ops.block), params: ZUserIdParams } }, async (request) => {
    const [userId, targetId] = [requireUser(request), userIdOf(request.params)];
    return withKnownTarget(ctx, request.identity, targetId, () => block(ctx, userId, targetId));
  });
  r.delete(fastifyPath(ops.unblock), { schema: { ...routeSchema(ops.unblock), params: ZUserIdParams } }, async (request) =>
    unblock(ctx, requireUser(request), userIdOf(request.params)),
  );
  r.get(fastifyPath(ops.listBlocked), { schema: routeSchema(ops.listBlocked) }, async (request) => listBlocked(ctx, requireUser(request), request.query));
  r.get(fastifyPath(ops.networkGrowth), { schema: routeSchema(ops.networkGrowth) }, async (request) => networkGrowth(ctx, requireUser(request)));
  r.get(fastifyPath(ops.followingAmong), { schema: routeSchema(ops.followingAmong) }, async (request) =>
    followingAmong(ctx, requireUser(request), request.query),
  );
  r.get(fastifyPath(ops.standing), { schema: { ...routeSchema(ops.standing), params: ZUserIdParams } }, async (request) =>
    networkStanding(ctx, userIdOf(request.params), requireUser(request)),
  );
}
