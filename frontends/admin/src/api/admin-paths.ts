// The addresses this area calls (spec 7.4), from the contracts' zod-free routes; each read's query key
// is its path with its query (spec 7.1), so invalidating the path's prefix refreshes every page of it.
import { operationPath } from '@civic/contracts/shared/route';
import { ADMIN_ROUTES } from '@civic/contracts/admin/routes';
import { BRIEFING_ROUTES } from '@civic/contracts/briefing/routes';
import { PRIORITIES_ROUTES } from '@civic/contracts/priorities/routes';

export const SETTINGS_PATH = ADMIN_ROUTES.listSettings.path;
export const AUDIT_LOGS_PATH = ADMIN_ROUTES.listAuditLogs.path;
export const AUDIT_VERIFY_PATH = ADMIN_ROUTES.verifyAuditLogs.path;
export const ANNOUNCEMENTS_PATH = ADMIN_ROUTES.listAnnouncements.path;
export const PLATFORM_STATS_PATH = PRIORITIES_ROUTES.stats.path;
/** The citizens' read of the active announcements (the shell's banner reads it too). */
export const ACTIVE_ANNOUNCEMENTS_PATH = ADMIN_ROUTES.activeAnnouncements.path;

export const announcementPath = (id: string) => operationPath(ADMIN_ROUTES.updateAnnouncement, { id });

/** spec 7.4: the admin screen lists all (activeOnly=false); the dashboard only the active ones. */
export const allAnnouncementsPath = `${ANNOUNCEMENTS_PATH}?activeOnly=false`;
export const activeAnnouncementsAdminPath = `${ANNOUNCEMENTS_PATH}?activeOnly=true`;

// User management and moderation (issue 20).
export const USERS_PATH = ADMIN_ROUTES.listUsers.path;
export const REPORTS_PATH = ADMIN_ROUTES.listReports.path;
/** The citizens' lists too: the moderation reads are pages of them, so a prefix refreshes both. */
export const PRIORITIES_PATH = PRIORITIES_ROUTES.listPriorities.path;
export const BRIEFING_DOCS_PATH = BRIEFING_ROUTES.listDocuments.path;

export const deletePriorityPath = (id: string) => operationPath(PRIORITIES_ROUTES.deletePriority, { id });
export const deleteDocumentPath = (id: string) => operationPath(BRIEFING_ROUTES.deleteDocument, { id });
