// POST and DELETE /api/priorities/{id}/vote (spec 4 "Vote on a priority", 7.3). Banned users get
// 403 on both (SECURITY 14); see votes/record-vote.ts for the rules.
import { fastifyPath, PRIORITIES_OPERATIONS as ops, routeSchema } from '@civic/contracts';
import { requireActiveUser, typed } from '@civic/service-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PrioritiesContext } from '../context.ts';
import { recordVote } from '../votes/record-vote.ts';

const ZPriorityParams = z.object({ id: z.string() });

export async function voteRoutes(app: FastifyInstance, { ctx }: { ctx: PrioritiesContext }) {
  const r = typed(app);

  r.post(fastifyPath(ops.vote), { schema: { ...routeSchema(ops.vote), params: ZPriorityParams } }, async (request) =>
    recordVote(ctx, requireActiveUser(request), request.params.id, { kind: 'cast', voteType: request.body.voteType }),
  );

  r.delete(fastifyPath(ops.removeVote), { schema: { ...routeSchema(ops.removeVote), params: ZPriorityParams } }, async (request) =>
    recordVote(ctx, requireActiveUser(request), request.params.id, { kind: 'remove' }),
  );
}
