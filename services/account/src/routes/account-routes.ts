// /api/account and /api/account/*: the account as a whole: its counts, its export, its deletion.
import { ACCOUNT_OPERATIONS as ops, fastifyPath, routeSchema } from '@civic/contracts';
import { Forbidden, requireUser, typed } from '@civic/service-kit';
import { ACCOUNT_DELETION_MESSAGES } from '@civic/contracts';
import type { FastifyInstance } from 'fastify';
import type { AccountContext } from '../context.ts';
import { deleteAccount } from '../data-rights/delete-account.ts';
import { gatherExport } from '../data-rights/gather-export.ts';
import { countAccountData } from '../stats/count-account-data.ts';

export async function accountRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }) {
  typed(app).get(fastifyPath(ops.accountStats), { schema: routeSchema(ops.accountStats) }, async (request) => {
    requireUser(request);
    return countAccountData(ctx, request.identity);
  });

  // SECURITY 25: only the owner's own session exports; the document is never cached by the browser.
  typed(app).get(fastifyPath(ops.exportAccount), { schema: routeSchema(ops.exportAccount) }, async (request, reply) => {
    const userId = requireUser(request);
    const document = await gatherExport(ctx, { ...request.identity, userId });
    reply.header('cache-control', 'no-store');
    reply.header('content-disposition', `attachment; filename="civic-agenda-export-${document.exportedAt.replace(/[:.]/g, '-')}.json"`);
    return document;
  });

  typed(app).delete(fastifyPath(ops.deleteAccount), { schema: routeSchema(ops.deleteAccount) }, async (request) => {
    const userId = requireUser(request);
    // A ban must not be shed by deleting the account and signing up again with the same address.
    if (request.identity.isBanned) throw new Forbidden(ACCOUNT_DELETION_MESSAGES.banned);
    await deleteAccount(ctx, userId);
    return { message: 'Account deleted' };
  });
}
