// Method and path of each admin-service operation (contracts/src/http/admin.ts adds the schemas).
// Zod-free, for browser code (docs/frontend-weight.md).
import type { Route } from '../route.ts';

export const ADMIN_ROUTES = {
  listSettings: { method: 'GET', path: '/api/admin/settings' },
  updateSetting: { method: 'PUT', path: '/api/admin/settings' },
  citizenSettings: { method: 'GET', path: '/api/platform-settings' },
  listAuditLogs: { method: 'GET', path: '/api/admin/audit-logs' },
  verifyAuditLogs: { method: 'GET', path: '/api/admin/audit-logs/verify' },
  listAnnouncements: { method: 'GET', path: '/api/admin/announcements' },
  createAnnouncement: { method: 'POST', path: '/api/admin/announcements' },
  updateAnnouncement: { method: 'PATCH', path: '/api/admin/announcements/{id}' },
  deleteAnnouncement: { method: 'DELETE', path: '/api/admin/announcements/{id}' },
  activeAnnouncements: { method: 'GET', path: '/api/announcements' },
} as const satisfies Record<string, Route>;
