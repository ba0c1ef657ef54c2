// POST /api/priorities/{id}/promote (spec 4 "Promote", 7.3). Signed out 401, banned 403 (SECURITY 14),
// both before anything is read or charged; see promotions/promote-priority.ts for the saga.
import { fastifyPath, IDEMPOTENCY_KEY_HEADER, PRIORITIES_OPERATIONS as ops, routeSchema } from '@civic/contracts';
import { typed } from '@civic/service-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PrioritiesContext } from '../context.ts';
import { promotePriority } from '../promotions/promote-priority.ts';

const ZPriorityParams = z.object({ id: z.string() });

export async function promotionRoutes(app: FastifyInstance, { ctx }: { ctx: PrioritiesContext }) {
  const r = typed(app);

  r.post(fastifyPath(ops.promote), { schema: { ...routeSchema(ops.promote), params: ZPriorityParams } }, async (request) => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    return promotePriority(ctx, request.identity, request.params.id, typeof key === 'string' ? key : undefined);
  });
}
