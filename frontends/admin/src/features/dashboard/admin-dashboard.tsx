// The admin dashboard (spec 2.12): stats, section links, the 10 most recent audit entries, the count
// of active announcements and quick actions; an open-data snapshot on request (issue 23). The stats
// come from the reads that exist today: the platform's public counts (GET /api/stats, whose "active
// citizens" is the accounts the priorities service knows of), the active announcements and the audit
// log's entry count from its verification.
import type { TAnnouncement, TAuditLog, TAuditVerification } from '@civic/contracts/admin/http';
import type { TStats } from '@civic/contracts/priorities/http';
import { AppLink, Button, Card } from '@civic/frontend-kit';
import { useQuery } from '@tanstack/react-query';
import { ClipboardList, FileText, Megaphone, Settings, Shield, Users, Vote } from 'lucide-react';
import { activeAnnouncementsAdminPath, AUDIT_VERIFY_PATH, PLATFORM_STATS_PATH } from '../../api/admin-paths.ts';
import { adminListQuery } from '../../api/admin-query.ts';
import { RECENT_AUDIT_LOGS_PATH } from '../audit-logs/audit-query.ts';
import { AuditTable } from '../audit-logs/audit-table.tsx';
import { AdminPage } from '../layout/admin-page.tsx';
import { LoadState } from '../layout/load-state.tsx';
import { OpenDataCard } from '../open-data/open-data-card.tsx';
import { StatCard } from '../layout/stat-card.tsx';

const SECTIONS = [
  { href: '/admin/users', title: 'User Management', description: 'Search users, grant or revoke admin, ban.', icon: Users },
  { href: '/admin/moderation', title: 'Content Moderation', description: 'Review and delete priorities and documents.', icon: Shield },
  { href: '/admin/settings', title: 'Platform Settings', description: 'Registration, political capital, voting, moderation.', icon: Settings },
  { href: '/admin/audit-logs', title: 'Audit Logs', description: 'Every administrator action, verifiable.', icon: ClipboardList },
  { href: '/admin/announcements', title: 'Announcements', description: 'Notices shown to every signed-in citizen.', icon: Megaphone },
] as const;

const count = (value: number | undefined) => (value === undefined ? '–' : value.toLocaleString('en-US'));

export function AdminDashboard() {
  const stats = useQuery(adminListQuery<TStats>(PLATFORM_STATS_PATH));
  const active = useQuery(adminListQuery<TAnnouncement[]>(activeAnnouncementsAdminPath));
  const verification = useQuery(adminListQuery<TAuditVerification>(AUDIT_VERIFY_PATH));
  const recent = useQuery(adminListQuery<TAuditLog[]>(RECENT_AUDIT_LOGS_PATH));
  const activeCount = active.data?.length;

  return (
    <AdminPage title="Admin Dashboard" description="Run the platform: users, content, settings, audit trail and announcements." backToDashboard={false}>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        <StatCard label="Active Citizens" value={count(stats.data?.activeCitizens)} icon={<Users className="size-6 text-primary" aria-hidden="true" />} />
        <StatCard label="Priorities" value={count(stats.data?.totalPriorities)} icon={<Vote className="size-6 text-blue-600" aria-hidden="true" />} />
        <StatCard label="Briefing Documents" value={count(stats.data?.briefingDocs)} icon={<FileText className="size-6 text-amber-600" aria-hidden="true" />} />
        <StatCard label="Active Announcements" value={count(activeCount)} icon={<Megaphone className="size-6 text-green-700" aria-hidden="true" />} />
        <StatCard
          label="Audit Entries"
          value={count(verification.data?.entries)}
          icon={<ClipboardList className="size-6 text-slate-700" aria-hidden="true" />}
        />
      </div>

      {activeCount !== undefined && activeCount > 0 && (
        <Card role="status" className="flex flex-col gap-2 border-blue-200 bg-blue-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-blue-900">{activeCount === 1 ? 'There is 1 active announcement.' : `There are ${activeCount} active announcements.`}</p>
          <AppLink href="/admin/announcements" className="text-sm font-medium text-blue-900 underline">
            Manage announcements
          </AppLink>
        </Card>
      )}

      <nav aria-label="Admin sections" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {SECTIONS.map(({ href, title, description, icon: Icon }) => (
          <AppLink
            key={href}
            href={href}
            className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-primary focus-visible:ring-2 focus-visible:ring-primary"
          >
            <span className="flex items-center gap-2 font-semibold text-slate-900">
              <Icon className="size-5 text-primary" aria-hidden="true" /> {title}
            </span>
            <span className="mt-1 block text-sm text-slate-600">{description}</span>
          </AppLink>
        ))}
      </nav>

      <Card role="region" aria-labelledby="quick-actions" className="flex flex-col gap-2 p-4 sm:flex-row sm:flex-wrap sm:items-center sm:p-6">
        <h2 id="quick-actions" className="text-lg font-semibold text-slate-900 sm:mr-4">
          Quick Actions
        </h2>
        <Button asChild variant="outline" className="justify-start">
          <AppLink href="/admin/announcements">
            <Megaphone className="size-4" aria-hidden="true" /> Post an Announcement
          </AppLink>
        </Button>
        <Button asChild variant="outline" className="justify-start">
          <AppLink href="/admin/settings">
            <Settings className="size-4" aria-hidden="true" /> Edit Platform Settings
          </AppLink>
        </Button>
        <Button asChild variant="outline" className="justify-start">
          <AppLink href="/admin/audit-logs">
            <ClipboardList className="size-4" aria-hidden="true" /> Review Audit Logs
          </AppLink>
        </Button>
      </Card>
      <OpenDataCard />
      <Card role="region" aria-labelledby="recent-audit" className="grid min-w-0 gap-3 p-4 sm:p-6">
        <div className="flex items-center justify-between gap-2">
          <h2 id="recent-audit" className="text-lg font-semibold text-slate-900">
            Recent Admin Activity
          </h2>
          <AppLink href="/admin/audit-logs" className="text-sm text-primary hover:underline">
            View all
          </AppLink>
        </div>
        <LoadState isPending={recent.isPending} error={recent.error} what="audit logs" />
        {recent.data?.length === 0 && <p className="text-sm text-slate-600">No admin actions yet.</p>}
        {recent.data && recent.data.length > 0 && <AuditTable logs={recent.data} caption="The 10 most recent audit entries" />}
      </Card>
    </AdminPage>
  );
}
