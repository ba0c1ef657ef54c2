// /api/account/*: what the Settings screen says about the account as a whole.
import { ACCOUNT_OPERATIONS as ops, fastifyPath, routeSchema } from '@civic/contracts';
import { requireUser } from '@civic/service-kit/http/identity-plugin';
import { typed } from '@civic/service-kit/service';
import type { FastifyInstance } from 'fastify';
import type { AccountContext } from '../context.ts';
import { countAccountData } from '../stats/count-account-data.ts';

export async function accountRoutes(app: FastifyInstance, _options: { ctx: AccountContext }) {
  typed(app).get(fastifyPath(ops.accountStats), { schema: routeSchema(ops.accountStats) }, async (request) =>
    countAccountData(requireUser(request)),
  );
}
