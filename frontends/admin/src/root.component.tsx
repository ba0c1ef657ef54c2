// The admin back office (spec 2.12): the dashboard, User Management, Content Moderation, Platform
// Settings, Audit Logs and Announcements. Every screen is behind the client's admin check
// (AdminGuard); the server refuses a non-admin anyway.
import { AreaRoot, KitProviders, useCurrentPath } from '@civic/frontend-kit';
import { AdminGuard } from './features/access/admin-guard.tsx';
import { adminScreenOf } from './features/admin-routes.ts';
import { AnnouncementsPage } from './features/announcements/announcements-page.tsx';
import { AuditLogsPage } from './features/audit-logs/audit-logs-page.tsx';
import { AdminDashboard } from './features/dashboard/admin-dashboard.tsx';
import { ModerationPage } from './features/moderation/moderation-page.tsx';
import { SettingsPage } from './features/platform-settings/settings-page.tsx';
import { UsersPage } from './features/users/users-page.tsx';
import './styles.css';

function AdminScreen() {
  const screen = adminScreenOf(useCurrentPath());
  switch (screen) {
    case 'dashboard':
      return <AdminDashboard />;
    case 'users':
      return <UsersPage />;
    case 'moderation':
      return <ModerationPage />;
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
