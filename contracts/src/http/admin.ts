// Requests and answers of the admin service (spec 2.12, 3 "Platform setting", "Audit log",
// "Announcement", 5 "Announcement", "Platform settings", 7.4, 9).
import { z } from 'zod';
import {
  ADMIN_MESSAGES as M,
  ANNOUNCEMENT_LIMITS,
  ANNOUNCEMENT_TYPES,
  AUDIT_ACTIONS,
  AUDIT_DATE_RANGES,
  AUDIT_LIST_LIMITS,
  AUDIT_TARGET_TYPES,
  DEFAULT_ANNOUNCEMENT_TYPE,
} from '../messages/admin.ts';
import { CITIZEN_VISIBLE_SETTINGS, settingValueProblem } from '../settings.ts';
import { defineOperation } from './operation.ts';
import { ADMIN_ROUTES } from './routes/admin.ts';

export * from '../messages/admin.ts';

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
 * (contracts/src/settings.ts PLATFORM_SETTING_RULES), and the message names it.
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

/** GET /api/platform-settings: the citizen-visible numbers only (the texts that quote amounts). */
export const ZCitizenSettings = z.object(
  Object.fromEntries(CITIZEN_VISIBLE_SETTINGS.map((key) => [key, z.number().int().nonnegative()])) as Record<
    (typeof CITIZEN_VISIBLE_SETTINGS)[number],
    z.ZodNumber
  >,
);
export type TCitizenSettings = z.infer<typeof ZCitizenSettings>;

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

/** "all" is what the screen means by leaving a filter out (spec 7.4 omits it; a stray one is read the same). */
const omittedWhenAll = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === 'all' || value === '' ? undefined : value), schema.optional());

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
    summary: 'The amounts citizens are shown (daily and recruit rewards, promotion and creation costs), as they stand now',
    response: ZCitizenSettings,
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
};
