// Export CSV (spec 2.12): the current page as audit-logs-{date}.csv with the columns Date, Admin,
// Action, Target Type, Target ID, Details. Fields are quoted per RFC 4180; a cell a spreadsheet would
// run as a formula (=, +, -, @ first) is prefixed with ' (SECURITY: CSV injection).
import type { TAuditLog } from '@civic/contracts/admin/http';

export const AUDIT_CSV_COLUMNS = ['Date', 'Admin', 'Action', 'Target Type', 'Target ID', 'Details'] as const;

function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function auditCsv(logs: readonly TAuditLog[]): string {
  const rows = logs.map((log) => [log.createdAt, log.adminId ?? '', log.action, log.targetType, log.targetId ?? '', JSON.stringify(log.details)]);
  return `${[AUDIT_CSV_COLUMNS as readonly string[], ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** audit-logs-2026-11-25.csv (the UTC date of the export). */
export const auditCsvFileName = (now: Date) => `audit-logs-${now.toISOString().slice(0, 10)}.csv`;
