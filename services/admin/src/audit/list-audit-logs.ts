// GET /api/admin/audit-logs (spec 2.12, 7.4): newest first; search matches the action, target type,
// target id, administrator id and the details' text (case-insensitive); action is one name; dateRange
// is today (since midnight UTC), week (7 days), month (30 days) or quarter (3 months). Citizens the
// entries name by pseudonym are shown, and searched, as their accounts while linked (present-entry.ts).
import type { TAuditDateRange, TAuditLog, TAuditLogQuery } from '@civic/contracts';
import type { AdminContext } from '../context.ts';
import { AUDIT_COLUMNS, type AuditRow } from './audit-rows.ts';
import { presentDetails, SUBJECT_COLUMNS, SUBJECT_JOINS, type SubjectColumns, subjectSearch } from './present-entry.ts';

/** The earliest createdAt a date range keeps, from `now`. */
export function dateRangeStart(range: TAuditDateRange, now: Date): Date {
  const day = 24 * 60 * 60 * 1000;
  switch (range) {
    case 'today':
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    case 'week':
      return new Date(now.getTime() - 7 * day);
    case 'month':
      return new Date(now.getTime() - 30 * day);
    case 'quarter': {
      const start = new Date(now);
      start.setUTCMonth(start.getUTCMonth() - 3);
      return start;
    }
  }
}

/** LIKE's own characters in a search term match themselves. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listAuditLogs(ctx: AdminContext, query: TAuditLogQuery): Promise<TAuditLog[]> {
  const where: string[] = [];
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (query.action) where.push(`a.action = ${param(query.action)}`);
  if (query.dateRange) where.push(`a.created_at >= ${param(dateRangeStart(query.dateRange, ctx.platform.clock.now()).toISOString())}::timestamptz`);
  if (query.search) {
    const p = param(likePattern(query.search));
    where.push(
      `(a.action ILIKE ${p} OR a.target_type ILIKE ${p} OR a.target_id ILIKE ${p} OR m.admin_id::text ILIKE ${p} OR a.details::text ILIKE ${p} OR ${subjectSearch(p)})`,
    );
  }
  const rows = await ctx.db.query<AuditRow & SubjectColumns & { adminId: string | null; ip: string | null }>(
    `SELECT ${AUDIT_COLUMNS}, m.admin_id::text AS "adminId", o.ip, ${SUBJECT_COLUMNS}
       FROM admin.audit_logs a LEFT JOIN admin.audit_admins m ON m.admin_ref = a.admin_ref
       LEFT JOIN admin.audit_origins o ON o.entry_id = a.id
       ${SUBJECT_JOINS}
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY a.created_at DESC, a.seq DESC
      LIMIT ${param(query.limit)} OFFSET ${param(query.offset)}`,
    values,
  );
  return rows.map((row) => ({
    id: row.id,
    adminId: row.adminId,
    action: row.action as TAuditLog['action'],
    targetType: row.targetType as TAuditLog['targetType'],
    targetId: row.targetUserId ?? row.targetId,
    details: presentDetails((row.details ?? {}) as Record<string, unknown>, row),
    createdAt: row.createdAt,
    requestId: row.requestId,
    ip: row.ip,
    prevHash: row.prevHash,
    hash: row.hash,
  }));
}
