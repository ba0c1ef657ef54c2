// The admin service's refusals; messages are the contracts' ADMIN_MESSAGES.
import { ADMIN_MESSAGES } from '@civic/contracts';
import { createError } from '@civic/service-kit';

export const AnnouncementNotFound = createError('ADMIN_ANNOUNCEMENT_NOT_FOUND', ADMIN_MESSAGES.announcementNotFound, 404);
/** spec 5: the expiry date cannot be earlier than today. */
export const ShowUntilInPast = createError('ADMIN_SHOW_UNTIL_IN_PAST', ADMIN_MESSAGES.showUntilInPast, 400);

// Reports.
/** content_moderation_enabled is false: nobody may report. */
export const ReportsDisabled = createError('ADMIN_REPORTS_DISABLED', ADMIN_MESSAGES.reportsDisabled, 403);
/** No such item, or removed or deleted by an administrator. */
export const ReportTargetNotFound = createError('ADMIN_REPORT_TARGET_NOT_FOUND', ADMIN_MESSAGES.reportTargetNotFound, 404);
export const ReportOwnContent = createError('ADMIN_REPORT_OWN_CONTENT', ADMIN_MESSAGES.reportOwnContent, 400);
/** One report per citizen per item (the reports table's UNIQUE constraint). */
export const AlreadyReported = createError('ADMIN_ALREADY_REPORTED', ADMIN_MESSAGES.alreadyReported, 409);
