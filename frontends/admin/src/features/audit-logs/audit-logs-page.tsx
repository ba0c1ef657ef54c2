// Audit Logs (spec 2.12, 7.4, 8, 9): search, action and date-range filters, the count, the table,
// CSV export of the loaded page, summary cards of it, paging by 50, and the chain's status.
import type { TAuditLog } from '@civic/contracts/admin/http';
import { ADMIN_MESSAGES, AUDIT_FILTER_ACTIONS, type TAuditAction, type TAuditDateRange } from '@civic/contracts/admin/messages';
import { Button, Card, downloadText, Input, Label, toast, useDebounced } from '@civic/frontend-kit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download, FileText, Settings, Shield, Users } from 'lucide-react';
import { useState } from 'react';
import { adminListQuery } from '../../api/admin-query.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import { LoadState } from '../layout/load-state.tsx';
import { StatCard } from '../layout/stat-card.tsx';
import { auditCsv, auditCsvFileName } from './audit-csv.ts';
import { type AuditFilters, auditLogsPath, hasNextPage, NO_FILTERS } from './audit-query.ts';
import { actionLabel, auditSummary } from './audit-summary.ts';
import { AuditTable } from './audit-table.tsx';
import { ChainStatusBadge } from './chain-status-badge.tsx';

/** One read per pause in typing, not per key. */
const SEARCH_PAUSE_MS = 300;

const DATE_RANGES: readonly { value: TAuditDateRange | 'all'; label: string }[] = [
  { value: 'all', label: 'All Time' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'Last 7 Days' },
  { value: 'month', label: 'Last 30 Days' },
  { value: 'quarter', label: 'Last 3 Months' },
];

const SELECT_CLASS =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none';

export function AuditLogsPage() {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const search = useDebounced(filters.search, SEARCH_PAUSE_MS);
  const logs = useQuery({ ...adminListQuery<TAuditLog[]>(auditLogsPath({ ...filters, search }, page)), placeholderData: keepPreviousData });
  const rows = logs.data ?? [];
  const summary = auditSummary(rows);

  const filter = (change: Partial<AuditFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(0);
  };
  const exportCsv = () => {
    downloadText(auditCsvFileName(new Date()), auditCsv(rows), 'text/csv;charset=utf-8');
    toast({ title: 'Success', description: ADMIN_MESSAGES.auditExported, variant: 'success' });
  };

  return (
    <AdminPage
      title="Audit Logs"
      description="Every administrator action, in a tamper-evident log."
      actions={
        <>
          <ChainStatusBadge />
          <Button variant="outline" onClick={exportCsv} disabled={rows.length === 0}>
            <Download className="size-4" aria-hidden="true" /> Export CSV
          </Button>
        </>
      }
    >
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Total Actions" value={summary.total} icon={<Shield className="size-6 text-primary" aria-hidden="true" />} />
        <StatCard label="User Actions" value={summary.userActions} icon={<Users className="size-6 text-blue-600" aria-hidden="true" />} />
        <StatCard label="Content Actions" value={summary.contentActions} icon={<FileText className="size-6 text-amber-600" aria-hidden="true" />} />
        <StatCard label="Settings Changes" value={summary.settingsChanges} icon={<Settings className="size-6 text-green-700" aria-hidden="true" />} />
      </div>

      <Card className="grid gap-4 p-4 sm:p-6">
        <div className="grid gap-3 md:grid-cols-[2fr_1fr_1fr]">
          <div className="grid gap-1">
            <Label htmlFor="audit-search">Search</Label>
            <Input id="audit-search" type="search" placeholder="Search logs..." value={filters.search} onChange={(e) => filter({ search: e.target.value })} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="audit-action">Action</Label>
            <select
              id="audit-action"
              className={SELECT_CLASS}
              value={filters.action}
              onChange={(e) => filter({ action: e.target.value as TAuditAction | 'all' })}
            >
              <option value="all">All Actions</option>
              {AUDIT_FILTER_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {actionLabel(action)}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="audit-date-range">Date range</Label>
            <select
              id="audit-date-range"
              className={SELECT_CLASS}
              value={filters.dateRange}
              onChange={(e) => filter({ dateRange: e.target.value as TAuditDateRange | 'all' })}
            >
              {DATE_RANGES.map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="text-sm text-slate-600" aria-live="polite">
          {rows.length} {rows.length === 1 ? 'log' : 'logs'} found
        </p>

        <LoadState isPending={logs.isPending} error={logs.error} what="audit logs" />
        {logs.isSuccess && rows.length === 0 && (
          <div className="py-10 text-center">
            <Shield className="mx-auto size-10 text-slate-400" aria-hidden="true" />
            <p className="mt-2 font-medium text-slate-900">No audit logs found</p>
            <p className="text-sm text-slate-600">Admin actions will appear here</p>
          </div>
        )}
        {rows.length > 0 && <AuditTable logs={rows} caption="Audit log entries" />}

        <nav aria-label="Audit log pages" className="flex items-center justify-between gap-2">
          <Button variant="outline" size="sm" onClick={() => setPage((p) => Math.max(0, p - 1))} disabled={page === 0}>
            Previous
          </Button>
          <span className="text-sm text-slate-700">Page {page + 1}</span>
          <Button variant="outline" size="sm" onClick={() => setPage((p) => p + 1)} disabled={!hasNextPage(rows.length) || logs.isPlaceholderData}>
            Next
          </Button>
        </nav>
      </Card>
    </AdminPage>
  );
}
