// GET /api/political-capital/transactions and POST /api/daily-login (spec 7.3).
import { fastifyPath, LEDGER_OPERATIONS as ops, routeSchema } from '@civic/contracts';
import { requireActiveUser, requireUser, typed } from '@civic/service-kit';
import type { FastifyInstance } from 'fastify';
import type { LedgerContext } from '../context.ts';
import { claimDailyLogin } from '../credits/daily-login.ts';
import { listTransactions } from '../transactions/list-transactions.ts';

// Who may call is settled by the kit from each operation's `auth`, before the input is looked at. A
// banned user earns no daily bonus, so dailyLogin is 'active-user' (spec 4: banned users can no
// longer create content; a reward for showing up is the least of it).

export async function ledgerRoutes(app: FastifyInstance, { ctx }: { ctx: LedgerContext }) {
  const r = typed(app);

  r.get(fastifyPath(ops.listTransactions), { schema: routeSchema(ops.listTransactions) }, async (request) =>
    listTransactions(ctx, requireUser(request), request.query),
  );

  r.post(fastifyPath(ops.dailyLogin), { schema: routeSchema(ops.dailyLogin) }, async (request) => claimDailyLogin(ctx, requireActiveUser(request)));
}
