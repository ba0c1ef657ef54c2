// Method and path of each admin-service operation (contracts/src/admin/http.ts adds the schemas).
// Zod-free, for browser code (docs/frontend-weight.md).
import type { Route } from '../shared/route.ts';

export const ADMIN_ROUTES = {
  listSettings: { method: 'GET', path: '/api/admin/settings' },
  updateSetting: { method: 'PUT', path: '/api/admin/settings' },
  citizenSettings: { method: 'GET', path: '/api/platform-settings' },
  registrationStatus: { method: 'GET', path: '/api/registration' },
  listAuditLogs: { method: 'GET', path: '/api/admin/audit-logs' },
  verifyAuditLogs: { method: 'GET', path: '/api/admin/audit-logs/verify' },
  listAnnouncements: { method: 'GET', path: '/api/admin/announcements' },
  createAnnouncement: { method: 'POST', path: '/api/admin/announcements' },
  updateAnnouncement: { method: 'PATCH', path: '/api/admin/announcements/{id}' },
  deleteAnnouncement: { method: 'DELETE', path: '/api/admin/announcements/{id}' },
  activeAnnouncements: { method: 'GET', path: '/api/announcements' },
  // User management (spec 2.12, 7.4): unban, approve and reject are the operators' additions.
  listUsers: { method: 'GET', path: '/api/admin/users' },
  setUserAdmin: { method: 'PATCH', path: '/api/admin/users/{id}/admin' },
  banUser: { method: 'POST', path: '/api/admin/users/{id}/ban' },
  unbanUser: { method: 'POST', path: '/api/admin/users/{id}/unban' },
  approveUser: { method: 'POST', path: '/api/admin/users/{id}/approve' },
  rejectUser: { method: 'POST', path: '/api/admin/users/{id}/reject' },
  // Reports: citizens report content while content_moderation_enabled; admins read them.
  createReport: { method: 'POST', path: '/api/reports' },
  listReports: { method: 'GET', path: '/api/admin/reports' },
} as const satisfies Record<string, Route>;
