// The admin back office's vocabulary and messages (spec 2.12, 3, 5 "Announcement", 8, 9), zod-free so
// the admin screens and the admin service (contracts/src/http/admin.ts) say exactly the same thing.

/** spec 3 "Audit action names". */
export const AUDIT_ACTIONS = [
  'grant_admin',
  'revoke_admin',
  'ban_user',
  'unban_user',
  'delete_priority',
  'delete_briefing_doc',
  'update_setting',
  'create_announcement',
  'update_announcement',
  'delete_announcement',
  'update_user',
  'delete_content',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

/** spec 3: the action filter offers all except unban_user, update_user and delete_content. */
export const AUDIT_FILTER_ACTIONS = AUDIT_ACTIONS.filter((action) => action !== 'unban_user' && action !== 'update_user' && action !== 'delete_content');

/** spec 3 "Audit target types". */
export const AUDIT_TARGET_TYPES = ['user', 'priority', 'briefing_doc', 'setting', 'announcement'] as const;
export type TAuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** spec 3 "Audit date ranges" as sent (all is sent as no dateRange at all, spec 7.4). */
export const AUDIT_DATE_RANGES = ['today', 'week', 'month', 'quarter'] as const;
export type TAuditDateRange = (typeof AUDIT_DATE_RANGES)[number];

/** spec 9: the audit page size (offset = page × 50); the dashboard asks 10. */
export const AUDIT_LIST_LIMITS = { default: 50, max: 100, searchMax: 200 } as const;

/** spec 3 "Announcement types"; info is the default. */
export const ANNOUNCEMENT_TYPES = ['info', 'success', 'warning', 'critical'] as const;
export type TAnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];
export const DEFAULT_ANNOUNCEMENT_TYPE: TAnnouncementType = 'info';

/** Bounds the spec does not state, so one request cannot store a book (SECURITY: bounded input). */
export const ANNOUNCEMENT_LIMITS = { titleMax: 200, contentMax: 5000 } as const;

/** spec 9: Expiring Soon is an expiry within the next 3 days. */
export const EXPIRING_SOON_DAYS = 3;

export const ADMIN_MESSAGES = {
  // spec 5 "Announcement": title and content required; the expiry not earlier than today.
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
  titleTooLong: `Title must be ${ANNOUNCEMENT_LIMITS.titleMax} characters or less`,
  contentTooLong: `Content must be ${ANNOUNCEMENT_LIMITS.contentMax} characters or less`,
  announcementType: "type must be 'info', 'success', 'warning' or 'critical'",
  showUntilInPast: 'The expiry date cannot be earlier than today',
  showUntilInvalid: 'showUntil must be null or an ISO date',
  announcementNotFound: 'Announcement not found',
  announcementDeleted: 'Announcement deleted',
  settingUpdated: 'Setting updated',
  descriptionTooLong: 'description must be 500 characters or less',
  // spec 8: the admin toasts.
  settingsSaved: 'Settings have been updated',
  settingsFailed: 'Failed to update settings',
  announcementCreated: 'Announcement created successfully',
  announcementUpdated: 'Announcement updated successfully',
  announcementDeletedToast: 'Announcement deleted successfully',
  createAnnouncementFailed: 'Failed to create announcement',
  updateAnnouncementFailed: 'Failed to update announcement',
  deleteAnnouncementFailed: 'Failed to delete announcement',
  auditExported: 'Audit logs exported successfully',
  // spec 2.12: the non-admin redirect.
  accessDeniedTitle: 'Access Denied',
  accessDenied: "You don't have permission to access this page.",
} as const;
