// The Audit Logs read (spec 7.4, 9): limit 50, offset = page × 50, search when typed, action and
// dateRange left out when "all".
import { AUDIT_LIST_LIMITS, type TAuditAction, type TAuditDateRange } from '@civic/contracts/admin/messages';
import { AUDIT_LOGS_PATH } from '../../api/admin-paths.ts';

export const AUDIT_PAGE_SIZE = AUDIT_LIST_LIMITS.default;

export interface AuditFilters {
  search: string;
  action: TAuditAction | 'all';
  dateRange: TAuditDateRange | 'all';
}

export const NO_FILTERS: AuditFilters = { search: '', action: 'all', dateRange: 'all' };

export function auditLogsPath(filters: AuditFilters, page: number): string {
  const query = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE), offset: String(page * AUDIT_PAGE_SIZE) });
  const search = filters.search.trim();
  if (search) query.set('search', search);
  if (filters.action !== 'all') query.set('action', filters.action);
  if (filters.dateRange !== 'all') query.set('dateRange', filters.dateRange);
  return `${AUDIT_LOGS_PATH}?${query}`;
}

/** spec 7.4: the dashboard shows the 10 most recent. */
export const RECENT_AUDIT_LOGS_PATH = `${AUDIT_LOGS_PATH}?limit=10`;

/** Next is offered while a page comes back full. */
export const hasNextPage = (rowsOnPage: number) => rowsOnPage >= AUDIT_PAGE_SIZE;
