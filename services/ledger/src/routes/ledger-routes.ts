// GET /api/political-capital/transactions and POST /api/daily-login (spec 7.3).
import { fastifyPath, LEDGER_OPERATIONS as ops, routeSchema } from '@civic/contracts';
import { requireActiveUser, requireUser } from '@civic/service-kit/http/identity-plugin';
import { typed } from '@civic/service-kit/service';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LedgerContext } from '../context.ts';
import { claimDailyLogin } from '../credits/daily-login.ts';
import { listTransactions } from '../transactions/list-transactions.ts';

// Who may call is settled before the input is looked at: signed out is 401 whatever the query says
// (the client opens the sign-in dialog on it). A banned user earns no daily bonus: 403 (spec 4:
// banned users can no longer create content; a reward for showing up is the least of it).
const signedIn = async (request: FastifyRequest) => void requireUser(request);
const activeUser = async (request: FastifyRequest) => void requireActiveUser(request);

export async function ledgerRoutes(app: FastifyInstance, { ctx }: { ctx: LedgerContext }) {
  const r = typed(app);

  r.get(fastifyPath(ops.listTransactions), { schema: routeSchema(ops.listTransactions), preValidation: signedIn }, async (request) =>
    listTransactions(ctx, requireUser(request), request.query),
  );

  r.post(fastifyPath(ops.dailyLogin), { schema: routeSchema(ops.dailyLogin), preValidation: activeUser }, async (request) =>
    claimDailyLogin(ctx, requireActiveUser(request)),
  );
}
