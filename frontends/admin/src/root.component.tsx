// The admin back office (spec 2.12): the dashboard, Platform Settings, Audit Logs and Announcements;
// User Management and Content Moderation show a "coming next" panel until the next issue. Every
// screen is behind the client's admin check (AdminGuard); the server refuses a non-admin anyway.
import { AreaRoot, KitProviders, useCurrentPath } from '@civic/frontend-kit';
import { AdminGuard } from './features/access/admin-guard.tsx';
import { adminScreenOf } from './features/admin-routes.ts';
import { AnnouncementsPage } from './features/announcements/announcements-page.tsx';
import { AuditLogsPage } from './features/audit-logs/audit-logs-page.tsx';
import { ComingNext } from './features/coming-next/coming-next.tsx';
import { AdminDashboard } from './features/dashboard/admin-dashboard.tsx';
import { SettingsPage } from './features/platform-settings/settings-page.tsx';
import './styles.css';

function AdminScreen() {
  const screen = adminScreenOf(useCurrentPath());
  switch (screen) {
    case 'dashboard':
      return <AdminDashboard />;
    case 'users':
      return <ComingNext title="User Management" />;
    case 'moderation':
      return <ComingNext title="Content Moderation" />;
    case 'settings':
      return <SettingsPage />;
    case 'audit-logs':
      return <AuditLogsPage />;
    case 'announcements':
      return <AnnouncementsPage />;
  }
}

export default function AdminRoot() {
  return (
    <KitProviders>
      <AreaRoot name="admin">
        <main className="flex-1 bg-slate-50">
          <AdminGuard>
            <AdminScreen />
          </AdminGuard>
        </main>
      </AreaRoot>
    </KitProviders>
  );
}
