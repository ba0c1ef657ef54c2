// GET /api/issues and /api/issues/{id}, GET and POST /api/priorities, GET /api/stats (spec 7.3), DELETE
// /api/admin/priorities/{id}. The promote route is promotion-routes.ts, votes vote-routes.ts.
import { fastifyPath, IDEMPOTENCY_KEY_HEADER, PRIORITIES_OPERATIONS as ops, routeSchema } from '@civic/contracts';
import { adminOriginOf, requireUser, typed } from '@civic/service-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PrioritiesContext } from '../context.ts';
import { listIssues } from '../issues/list-issues.ts';
import { readIssuePage } from '../issues/read-issue-page.ts';
import { createPriority } from '../priorities/create-priority.ts';
import { listPrioritiesJson } from '../priorities/list-priorities.ts';
import { listStatePriorities } from '../priorities/list-state-priorities.ts';
import { removePriority } from '../priorities/remove-priority.ts';
import { getStats } from '../stats/get-stats.ts';

// Who may call (signed out 401, banned 403 where the operation is 'active-user') is settled by the kit
// from each operation's `auth`, before the input is looked at.

/** JSON text the handler has made (and checked against the contract) is written as it is. */
const JSON_TYPE = 'application/json; charset=utf-8';

const ZPriorityParams = z.object({ id: z.string() });

export async function priorityRoutes(app: FastifyInstance, { ctx }: { ctx: PrioritiesContext }) {
  const r = typed(app);

  r.get(fastifyPath(ops.listIssues), { schema: routeSchema(ops.listIssues) }, async () => listIssues(ctx));

  r.get(fastifyPath(ops.getIssue), { schema: { ...routeSchema(ops.getIssue), params: ZPriorityParams } }, async (request) =>
    readIssuePage(ctx, requireUser(request), request.params.id, request.query),
  );

  r.get(
    fastifyPath(ops.listPriorities),
    { schema: routeSchema(ops.listPriorities) },
    // A string sent as JSON skips Fastify's serialiser (list-priorities.ts checks and serialises).
    async (request, reply) => {
      const viewerId = requireUser(request);
      // The agenda by state is the citizens' view: the moderation flag does not apply to it.
      if (request.query.state) {
        const { includeInactive: _ignored, state, ...filters } = request.query;
        return reply.type(JSON_TYPE).send(JSON.stringify(await listStatePriorities(ctx, viewerId, { ...filters, state })) as never);
      }
      // includeInactive is the moderation list's, for administrators; a citizen's is ignored.
      const { includeInactive, ...rest } = request.query;
      const query = request.identity.isAdmin && includeInactive === 'true' ? { ...rest, includeInactive } : rest;
      return reply.type(JSON_TYPE).send((await listPrioritiesJson(ctx, viewerId, query)) as never);
    },
  );

  r.post(fastifyPath(ops.createPriority), { schema: routeSchema(ops.createPriority) }, async (request) => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    return createPriority(ctx, request.identity, request.body, typeof key === 'string' ? key : undefined);
  });

  r.get(fastifyPath(ops.stats), { schema: routeSchema(ops.stats) }, async () => getStats(ctx));

  r.delete(fastifyPath(ops.deletePriority), { schema: { ...routeSchema(ops.deletePriority), params: ZPriorityParams } }, async (request) =>
    removePriority(ctx, requireUser(request), adminOriginOf(request), request.params.id, request.body?.reason),
  );
}
