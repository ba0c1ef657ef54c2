// GET /api/users/search: Discover's search by name (contracts' DISCOVER_OPERATIONS; account holds the
// names and the profile visibility).
import { DISCOVER_OPERATIONS as ops, fastifyPath, routeSchema } from '@civic/contracts';
import { requireUser, typed } from '@civic/service-kit';
import type { FastifyInstance } from 'fastify';
import type { AccountContext } from '../context.ts';
import { searchCitizens } from '../network/search-citizens.ts';

export async function discoverRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }) {
  typed(app).get(fastifyPath(ops.searchCitizens), { schema: routeSchema(ops.searchCitizens) }, async (request) => {
    const viewerId = requireUser(request);
    return searchCitizens(ctx, viewerId, request.query);
  });
}
