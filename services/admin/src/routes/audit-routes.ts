// GET /api/admin/audit-logs and GET /api/admin/audit-logs/verify (administrators).
import { ADMIN_OPERATIONS as ops, fastifyPath, routeSchema } from '@civic/contracts';
import { requireUser, typed } from '@civic/service-kit';
import type { FastifyInstance } from 'fastify';
import type { AdminContext } from '../context.ts';
import { listAuditLogs } from '../audit/list-audit-logs.ts';
import { verifyAuditLog } from '../audit/verify-audit-log.ts';

export async function auditRoutes(app: FastifyInstance, { ctx }: { ctx: AdminContext }) {
  const r = typed(app);

  r.get(fastifyPath(ops.listAuditLogs), { schema: routeSchema(ops.listAuditLogs) }, async (request) => {
    requireUser(request);
    return listAuditLogs(ctx, request.query);
  });

  r.get(fastifyPath(ops.verifyAuditLogs), { schema: routeSchema(ops.verifyAuditLogs) }, async (request) => {
    requireUser(request);
    return verifyAuditLog(ctx.db);
  });
}
