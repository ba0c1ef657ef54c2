// The admin back office's vocabulary and messages (spec 2.12, 3, 5 "Announcement", 8, 9), zod-free so
// the admin screens and the admin service (contracts/src/admin/http.ts) say exactly the same thing.

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
  // An administrator's open-data snapshot (POST /api/admin/open-data/snapshots), from
  // priorities' civic.priorities.open_data.snapshot_taken; the spec 3 vocabulary plus this one.
  'take_open_data_snapshot',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

/** spec 3: the action filter offers all except unban_user, update_user and delete_content. */
export const AUDIT_FILTER_ACTIONS = AUDIT_ACTIONS.filter((action) => action !== 'unban_user' && action !== 'update_user' && action !== 'delete_content');

/** spec 3 "Audit target types", plus the open-data snapshot of take_open_data_snapshot. */
export const AUDIT_TARGET_TYPES = ['user', 'priority', 'briefing_doc', 'setting', 'announcement', 'open_data_snapshot'] as const;
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

// ---- User management and moderation ----

/**
 * An account's standing in the approval queue (registration_approval_required): a new account is
 * 'pending' until an administrator approves or rejects it. Accounts created while approval was not
 * required, and every account from before the setting, are 'approved'.
 */
export const APPROVAL_STATUSES = ['approved', 'pending', 'rejected'] as const;
export type TApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/**
 * The changes of an account's standing an administrator (or, for ban_user, the automatic ban) can
 * make. Each is one audit entry: grant_admin, revoke_admin, ban_user, unban_user as named; approve
 * and reject are update_user with details.decision (spec 3 has no action of their own).
 */
export const STANDING_CHANGES = ['grant_admin', 'revoke_admin', 'ban_user', 'unban_user', 'approve_user', 'reject_user'] as const;
export type TStandingChange = (typeof STANDING_CHANGES)[number];

/** spec 9: the users page size; the moderation lists read 100. */
export const ADMIN_USER_LIST_LIMITS = { pageSize: 20, max: 100, searchMax: 200 } as const;
export const MODERATION_LIST_LIMIT = 100;

/** The page's status filter (Pending rows are the approval queue). */
export const ADMIN_USER_STATUS_FILTERS = ['active', 'admin', 'banned', 'pending'] as const;
export type TAdminUserStatusFilter = (typeof ADMIN_USER_STATUS_FILTERS)[number];

/** What a citizen can report (POST /api/reports) while content_moderation_enabled is true. */
export const REPORT_TARGET_TYPES = ['priority', 'briefing_doc'] as const;
export type TReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export const REPORT_LIMITS = { reasonMax: 500 } as const;

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
  // User management (spec 2.12, 8). The refusals are the server's 4xx messages.
  userNotFound: 'User not found',
  cannotChangeOwnAdmin: 'You cannot change your own admin status',
  cannotBanSelf: 'You cannot ban yourself',
  cannotBanAdmin: 'Administrators cannot be banned',
  cannotDecideOwn: 'You cannot approve or reject your own account',
  notPending: 'This account is not awaiting approval',
  adminGranted: 'Admin privileges granted',
  adminRevoked: 'Admin privileges revoked',
  userBanned: 'User has been banned',
  userUnbanned: 'User has been unbanned',
  userApproved: 'User has been approved',
  userRejected: 'User has been rejected',
  updateAdminFailed: 'Failed to update user admin status',
  banFailed: 'Failed to ban user',
  unbanFailed: 'Failed to unban user',
  approvalFailed: 'Failed to update user',
  // Content moderation (spec 2.12, 8).
  priorityNotFound: 'Priority not found',
  priorityDeleted: 'Priority has been deleted',
  documentDeleted: 'Document has been deleted',
  deletePriorityFailed: 'Failed to delete priority',
  deleteDocumentFailed: 'Failed to delete document',
  // Reports.
  reportReasonRequired: 'Please give a reason for the report',
  reportReasonTooLong: `Reason must be ${REPORT_LIMITS.reasonMax} characters or less`,
  reportTargetType: "targetType must be 'priority' or 'briefing_doc'",
  reportTargetNotFound: 'Content not found',
  reportOwnContent: 'You cannot report your own content',
  alreadyReported: 'You have already reported this content',
  reportsDisabled: 'Reporting is currently disabled',
  reportSubmitted: 'Report submitted',
  reportFailed: 'Failed to submit report',
  // Sign-in and access of accounts awaiting approval or rejected (registration_approval_required).
  awaitingApproval: 'Your account is awaiting approval.',
  registrationRejected: 'This account was not approved.',
  // spec 2.12: the non-admin redirect.
  accessDeniedTitle: 'Access Denied',
  accessDenied: "You don't have permission to access this page.",
} as const;
