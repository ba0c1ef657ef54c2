// Requests and answers of the admin service (spec 2.12, 3 "Platform setting", "Audit log",
// "Announcement", 5 "Announcement", "Platform settings", 7.4, 9).
import { z } from 'zod';
import { omittedWhenAll } from '../shared/omitted-when-all.ts';
import {
  ADMIN_MESSAGES as M,
  ADMIN_USER_LIST_LIMITS,
  ADMIN_USER_STATUS_FILTERS,
  ANNOUNCEMENT_LIMITS,
  APPROVAL_STATUSES,
  MODERATION_LIST_LIMIT,
  REPORT_LIMITS,
  REPORT_TARGET_TYPES,
  ANNOUNCEMENT_TYPES,
  AUDIT_ACTIONS,
  AUDIT_DATE_RANGES,
  AUDIT_LIST_LIMITS,
  AUDIT_TARGET_TYPES,
  DEFAULT_ANNOUNCEMENT_TYPE,
} from './messages.ts';
import { CITIZEN_VISIBLE_FLAGS, CITIZEN_VISIBLE_SETTINGS, settingValueProblem } from './settings.ts';
import { defineOperation } from '../shared/operation.ts';
import { ADMIN_ROUTES } from './routes.ts';

export * from './messages.ts';

// ---- Platform settings ----

export const SETTING_DESCRIPTION_MAX = 500;

export const ZPlatformSetting = z.object({
  key: z.string(),
  value: z.string(),
  description: z.string(),
  category: z.enum(['registration', 'political_capital', 'voting', 'moderation']),
  /** null until an administrator first changes it (the seeded default). */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().uuid().nullable(),
});
export type TPlatformSetting = z.infer<typeof ZPlatformSetting>;

/**
 * spec 7.4: {key, value, description (the existing one)}, one request per edited key. The value is a
 * string as the screen edits it (a number or boolean is read as its text); its rule is the key's
 * (contracts/src/admin/settings.ts PLATFORM_SETTING_RULES), and the message names it.
 */
export const ZUpdateSettingRequest = z
  .strictObject({
    key: z.string({ error: 'key is required' }).max(100),
    value: z.preprocess((value) => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value), z.string({ error: 'value is required' })),
    description: z.string().max(SETTING_DESCRIPTION_MAX, M.descriptionTooLong).optional(),
  })
  .superRefine((body, issues) => {
    const problem = settingValueProblem(body.key, body.value);
    if (problem) issues.addIssue({ code: 'custom', message: problem, path: [problem.startsWith('Unknown') ? 'key' : 'value'] });
  });
export type TUpdateSettingRequest = z.infer<typeof ZUpdateSettingRequest>;

/**
 * GET /api/platform-settings: the citizen-visible numbers (the texts that quote amounts) and switches
 * (content_moderation_enabled: whether the Report action shows).
 */
export const ZCitizenSettings = z.object({
  ...(Object.fromEntries(CITIZEN_VISIBLE_SETTINGS.map((key) => [key, z.number().int().nonnegative()])) as Record<
    (typeof CITIZEN_VISIBLE_SETTINGS)[number],
    z.ZodNumber
  >),
  ...(Object.fromEntries(CITIZEN_VISIBLE_FLAGS.map((key) => [key, z.boolean()])) as Record<(typeof CITIZEN_VISIBLE_FLAGS)[number], z.ZodBoolean>),
});
export type TCitizenSettings = z.infer<typeof ZCitizenSettings>;

/** GET /api/registration (anyone): whether a new account can be made now, and whether it waits for approval. */
export const ZRegistrationStatus = z.object({
  /** registration_enabled: false, a new address cannot make an account (existing ones sign in). */
  open: z.boolean(),
  /** registration_approval_required: a new account waits for an administrator's approval. */
  approvalRequired: z.boolean(),
});
export type TRegistrationStatus = z.infer<typeof ZRegistrationStatus>;

// ---- Audit log ----

export const ZAuditLog = z.object({
  id: z.string().uuid(),
  /** null once that administrator's account was erased (the entry and its chain stay). */
  adminId: z.string().uuid().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  /** The request that made it (the gateway's request id); null for an entry from another service's event. */
  requestId: z.string().nullable(),
  /** The client's address of a local action (SECURITY 23); null from an event or after erasure. */
  ip: z.string().nullable(),
  prevHash: z.string(),
  hash: z.string(),
});
export type TAuditLog = z.infer<typeof ZAuditLog>;

/** spec 7.4: limit, offset, optional search, action (omitted when all), dateRange (omitted when all). */
export const ZAuditLogQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(AUDIT_LIST_LIMITS.max).default(AUDIT_LIST_LIMITS.default),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  search: z.string().trim().max(AUDIT_LIST_LIMITS.searchMax).optional(),
  action: omittedWhenAll(z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(', ')}` })),
  dateRange: omittedWhenAll(z.enum(AUDIT_DATE_RANGES, { error: `dateRange must be one of ${AUDIT_DATE_RANGES.join(', ')}` })),
});
export type TAuditLogQuery = z.infer<typeof ZAuditLogQuery>;

export const ZAuditVerification = z.object({
  valid: z.boolean(),
  entries: z.number().int().nonnegative(),
  /** The newest entry's hash; null while the log is empty. */
  headHash: z.string().nullable(),
  /** The first entry (in chain order) whose hash or link does not hold; null when valid. */
  firstInvalidId: z.string().uuid().nullable(),
});
export type TAuditVerification = z.infer<typeof ZAuditVerification>;

// ---- Announcements ----

export const ZAnnouncementType = z.enum(ANNOUNCEMENT_TYPES, { error: M.announcementType });

export const ZAnnouncement = z.object({
  id: z.string().uuid(),
  title: z.string(),
  content: z.string(),
  type: ZAnnouncementType,
  isActive: z.boolean(),
  showUntil: z.string().nullable(),
  createdAt: z.string(),
  /** The last change (creation at first): the banner remembers a dismissal per id and updatedAt, so an edited one shows again. */
  updatedAt: z.string(),
});
export type TAnnouncement = z.infer<typeof ZAnnouncement>;

const ZTitle = z.string({ error: M.titleRequired }).trim().min(1, M.titleRequired).max(ANNOUNCEMENT_LIMITS.titleMax, M.titleTooLong);
const ZContent = z.string({ error: M.contentRequired }).trim().min(1, M.contentRequired).max(ANNOUNCEMENT_LIMITS.contentMax, M.contentTooLong);
/** null (or empty) is no expiry; otherwise an ISO date or timestamp (the "not before today" rule is the server's clock's). */
const ZShowUntil = z.preprocess(
  (value) => (value === '' ? null : value),
  z.union([z.null(), z.iso.datetime({ offset: true, error: M.showUntilInvalid }), z.iso.date({ error: M.showUntilInvalid })], { error: M.showUntilInvalid }),
);

/** spec 7.4: {title, content, type, isActive, showUntil}. */
export const ZCreateAnnouncementRequest = z.strictObject({
  title: ZTitle,
  content: ZContent,
  type: ZAnnouncementType.default(DEFAULT_ANNOUNCEMENT_TYPE),
  isActive: z.boolean().default(true),
  showUntil: ZShowUntil.default(null),
});
export type TCreateAnnouncementRequest = z.infer<typeof ZCreateAnnouncementRequest>;

/** The same payload (spec 7.4); a field left out keeps its value. */
export const ZUpdateAnnouncementRequest = z.strictObject({
  title: ZTitle.optional(),
  content: ZContent.optional(),
  type: ZAnnouncementType.optional(),
  isActive: z.boolean().optional(),
  showUntil: ZShowUntil.optional(),
});
export type TUpdateAnnouncementRequest = z.infer<typeof ZUpdateAnnouncementRequest>;

export const ZAnnouncementListQuery = z.strictObject({
  /** ?activeOnly=true (the dashboard) lists the active, unexpired ones; false or absent lists all. */
  activeOnly: z.enum(['true', 'false']).default('false'),
});

export const ZDeleteAnnouncementResponse = z.object({ message: z.literal(M.announcementDeleted), id: z.string().uuid() });

// ---- User management ----

/** A row of the users page (spec 2.12): from the admin service's directory, kept from the owners' events. */
export const ZAdminUser = z.object({
  id: z.string().uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  email: z.string(),
  politicalCapital: z.number().int(),
  followers: z.number().int(),
  createdAt: z.string(),
  isAdmin: z.boolean(),
  isBanned: z.boolean(),
  approvalStatus: z.enum(APPROVAL_STATUSES),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

/** spec 7.4: limit, offset, search (name or e-mail); status narrows to one badge (pending: the approval queue). */
export const ZAdminUserQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(ADMIN_USER_LIST_LIMITS.max).default(ADMIN_USER_LIST_LIMITS.pageSize),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  search: z.string().trim().max(ADMIN_USER_LIST_LIMITS.searchMax).optional(),
  status: z.enum(ADMIN_USER_STATUS_FILTERS, { error: `status must be one of ${ADMIN_USER_STATUS_FILTERS.join(', ')}` }).optional(),
});
export type TAdminUserQuery = z.infer<typeof ZAdminUserQuery>;

/** spec 7.4: {isAdmin}, the new value. */
export const ZSetUserAdminRequest = z.strictObject({ isAdmin: z.boolean({ error: 'isAdmin must be true or false' }) });
export type TSetUserAdminRequest = z.infer<typeof ZSetUserAdminRequest>;

/** What every user action answers: its message and the row as it stands after it. */
export const ZAdminUserActionResponse = z.object({ message: z.string(), user: ZAdminUser });
export type TAdminUserActionResponse = z.infer<typeof ZAdminUserActionResponse>;

// ---- Reports ----

export const ZReportTargetType = z.enum(REPORT_TARGET_TYPES, { error: M.reportTargetType });

/** POST /api/reports: one report per citizen per item. */
export const ZCreateReportRequest = z.strictObject({
  targetType: ZReportTargetType,
  targetId: z.string({ error: M.reportTargetNotFound }).uuid(M.reportTargetNotFound),
  reason: z.string({ error: M.reportReasonRequired }).trim().min(1, M.reportReasonRequired).max(REPORT_LIMITS.reasonMax, M.reportReasonTooLong),
});
export type TCreateReportRequest = z.infer<typeof ZCreateReportRequest>;

export const ZCreateReportResponse = z.object({ message: z.literal(M.reportSubmitted) });

/** One reported item on the moderation page: reported items first, with their counts and reasons. */
export const ZReportedItem = z.object({
  targetType: ZReportTargetType,
  targetId: z.string().uuid(),
  authorId: z.string().uuid(),
  /** The author's name from the users directory; null when they have none yet. */
  authorName: z.string().nullable(),
  title: z.string(),
  /** When the item was created. */
  createdAt: z.string(),
  /** Distinct citizens who reported it. */
  reportCount: z.number().int().positive(),
  /** The reasons given, newest first (at most 20). */
  reasons: z.array(z.string()),
  lastReportedAt: z.string(),
});
export type TReportedItem = z.infer<typeof ZReportedItem>;

export const ZReportListQuery = z.strictObject({
  targetType: ZReportTargetType.optional(),
  limit: z.coerce.number().int().min(1).max(MODERATION_LIST_LIMIT).default(MODERATION_LIST_LIMIT),
});

export const ADMIN_OPERATIONS = {
  listSettings: defineOperation({
    ...ADMIN_ROUTES.listSettings,
    owner: 'admin',
    auth: 'admin',
    errors: [401, 403],
    summary: 'Every platform setting with its description, category and last change',
    response: z.array(ZPlatformSetting),
  }),
  updateSetting: defineOperation({
    ...ADMIN_ROUTES.updateSetting,
    owner: 'admin',
    auth: 'admin',
    errors: [400, 401, 403],
    summary: 'Change one platform setting (validated per key); every service obeys it within a second; audited as update_setting',
    body: ZUpdateSettingRequest,
    response: ZPlatformSetting,
  }),
  citizenSettings: defineOperation({
    ...ADMIN_ROUTES.citizenSettings,
    owner: 'admin',
    auth: 'user',
    errors: [401],
    summary: 'The amounts citizens are shown (daily and recruit rewards, promotion and creation costs) and whether reporting is on, as they stand now',
    response: ZCitizenSettings,
  }),
  registrationStatus: defineOperation({
    ...ADMIN_ROUTES.registrationStatus,
    owner: 'admin',
    auth: 'none',
    errors: [],
    summary: 'Whether registration is open and whether new accounts need approval: a platform fact shown before a code is sent',
    response: ZRegistrationStatus,
  }),
  listAuditLogs: defineOperation({
    ...ADMIN_ROUTES.listAuditLogs,
    owner: 'admin',
    auth: 'admin',
    errors: [400, 401, 403],
    summary: 'Audit entries, newest first, filtered by search, action and date range',
    query: ZAuditLogQuery,
    response: z.array(ZAuditLog),
  }),
  verifyAuditLogs: defineOperation({
    ...ADMIN_ROUTES.verifyAuditLogs,
    owner: 'admin',
    auth: 'admin',
    errors: [401, 403],
    summary: "Recompute the audit log's hash chain and name the first entry that does not hold",
    response: ZAuditVerification,
  }),
  listAnnouncements: defineOperation({
    ...ADMIN_ROUTES.listAnnouncements,
    owner: 'admin',
    auth: 'admin',
    errors: [400, 401, 403],
    summary: 'Announcements, newest first (activeOnly=true: the active, unexpired ones)',
    query: ZAnnouncementListQuery,
    response: z.array(ZAnnouncement),
  }),
  createAnnouncement: defineOperation({
    ...ADMIN_ROUTES.createAnnouncement,
    owner: 'admin',
    auth: 'admin',
    errors: [400, 401, 403],
    summary: 'Create an announcement (spec 5 rules); audited as create_announcement',
    body: ZCreateAnnouncementRequest,
    response: ZAnnouncement,
  }),
  updateAnnouncement: defineOperation({
    ...ADMIN_ROUTES.updateAnnouncement,
    owner: 'admin',
    auth: 'admin',
    errors: [400, 401, 403, 404],
    summary: 'Edit an announcement (spec 5 rules); audited as update_announcement',
    body: ZUpdateAnnouncementRequest,
    response: ZAnnouncement,
  }),
  deleteAnnouncement: defineOperation({
    ...ADMIN_ROUTES.deleteAnnouncement,
    owner: 'admin',
    auth: 'admin',
    errors: [401, 403, 404],
    summary: 'Delete an announcement; audited as delete_announcement',
    response: ZDeleteAnnouncementResponse,
  }),
  activeAnnouncements: defineOperation({
    ...ADMIN_ROUTES.activeAnnouncements,
    owner: 'admin',
    auth: 'user',
    errors: [401],
    summary: 'The active, unexpired announcements, newest first (the banner of every signed-in page)',
    response: z.array(ZAnnouncement),
  }),
  listUsers: defineOperation({
    ...ADMIN_ROUTES.listUsers,
    owner: 'admin',
    auth: 'admin',
    errors: [400, 401, 403],
    summary: 'Users by search (name or e-mail) and status, newest first, a page of 20 by default',
    query: ZAdminUserQuery,
    response: z.array(ZAdminUser),
  }),
  setUserAdmin: defineOperation({
    ...ADMIN_ROUTES.setUserAdmin,
    owner: 'admin',
    auth: 'admin',
    errors: [400, 401, 403, 404],
    summary: "Grant or revoke a user's admin status (never one's own); effective at their next request; audited as grant_admin or revoke_admin",
    body: ZSetUserAdminRequest,
    response: ZAdminUserActionResponse,
  }),
  banUser: defineOperation({
    ...ADMIN_ROUTES.banUser,
    owner: 'admin',
    auth: 'admin',
    errors: [400, 401, 403, 404],
    summary: 'Ban a user (never oneself or an admin): every session ends, sign-in and content creation are refused; audited as ban_user',
    response: ZAdminUserActionResponse,
  }),
  unbanUser: defineOperation({
    ...ADMIN_ROUTES.unbanUser,
    owner: 'admin',
    auth: 'admin',
    errors: [400, 401, 403, 404],
    summary: 'Lift a ban (to undo a mistake); audited as unban_user',
    response: ZAdminUserActionResponse,
  }),
  approveUser: defineOperation({
    ...ADMIN_ROUTES.approveUser,
    owner: 'admin',
    auth: 'admin',
    errors: [400, 401, 403, 404],
    summary: 'Approve an account awaiting approval; it may act from its next request; audited as update_user',
    response: ZAdminUserActionResponse,
  }),
  rejectUser: defineOperation({
    ...ADMIN_ROUTES.rejectUser,
    owner: 'admin',
    auth: 'admin',
    errors: [400, 401, 403, 404],
    summary: 'Reject an account awaiting approval: its sessions end and it cannot sign in; audited as update_user',
    response: ZAdminUserActionResponse,
  }),
  createReport: defineOperation({
    ...ADMIN_ROUTES.createReport,
    owner: 'admin',
    auth: 'active-user',
    errors: [400, 401, 403, 404, 409],
    summary:
      'Report a priority or a briefing document once, with a reason (only while content_moderation_enabled); may ban its author automatically at auto_ban_threshold',
    body: ZCreateReportRequest,
    response: ZCreateReportResponse,
  }),
  listReports: defineOperation({
    ...ADMIN_ROUTES.listReports,
    owner: 'admin',
    auth: 'admin',
    errors: [400, 401, 403],
    summary: 'Reported items, most reported first, with their counts and reasons',
    query: ZReportListQuery,
    response: z.array(ZReportedItem),
  }),
};
