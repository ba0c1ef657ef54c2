// The admin service's section of the account export: the audit entries of the actions the user took
// as an administrator, and the reports the user made, each oldest first. Nothing of other
// users: a report names the item, not its author. The user's row of the users directory is not
// exported: it is a read model of auth's, account's, ledger's and social's data, in their sections.
import type { EXPORT_REQUESTS, ReplyPayload } from '@civic/contracts';
import type { AdminContext } from '../context.ts';
import { AUDIT_COLUMNS, type AuditRow } from '../audit/audit-rows.ts';

export async function exportAdminSection(ctx: AdminContext, userId: string): Promise<ReplyPayload<typeof EXPORT_REQUESTS.admin>> {
  const rows = await ctx.db.query<AuditRow>(
    `SELECT ${AUDIT_COLUMNS} FROM admin.audit_logs a JOIN admin.audit_admins m ON m.admin_ref = a.admin_ref
      WHERE m.admin_id = $1::uuid ORDER BY a.seq`,
    [userId],
  );
  const reports = await ctx.db.query<{ targetType: string; targetId: string; reason: string; createdAt: Date }>(
    `SELECT target_type AS "targetType", target_id::text AS "targetId", reason, created_at AS "createdAt"
       FROM admin.reports WHERE reporter_id = $1::uuid ORDER BY created_at, id`,
    [userId],
  );
  return {
    reports: reports.map((report) => ({ ...report, createdAt: new Date(report.createdAt).toISOString() })),
    auditEntries: rows.map((row) => ({
      id: row.id,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      details: (row.details ?? {}) as Record<string, unknown>,
      createdAt: row.createdAt,
    })),
  };
}
