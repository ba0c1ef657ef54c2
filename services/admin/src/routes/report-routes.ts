// POST /api/reports (signed-in citizens whose account is active: the kit's 'active-user' guard) and
// GET /api/admin/reports (administrators: the kit's 'admin' guard).
import { ADMIN_OPERATIONS as ops, fastifyPath, routeSchema } from '@civic/contracts';
import { requireActiveUser, requireUser, typed } from '@civic/service-kit';
import type { FastifyInstance } from 'fastify';
import type { AdminContext } from '../context.ts';
import { createReport } from '../reports/create-report.ts';
import { listReports } from '../reports/list-reports.ts';

export async function reportRoutes(app: FastifyInstance, { ctx }: { ctx: AdminContext }) {
  const r = typed(app);

  r.post(fastifyPath(ops.createReport), { schema: routeSchema(ops.createReport) }, async (request) =>
    createReport(ctx, request.identity, requireActiveUser(request), request.body),
  );

  r.get(fastifyPath(ops.listReports), { schema: routeSchema(ops.listReports) }, async (request) => {
    requireUser(request);
    return listReports(ctx, request.query);
  });
}
