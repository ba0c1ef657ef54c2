// The admin service's refusals; messages are the contracts' ADMIN_MESSAGES.
import { ADMIN_MESSAGES } from '@civic/contracts';
import { createError } from '@civic/service-kit';

export const AnnouncementNotFound = createError('ADMIN_ANNOUNCEMENT_NOT_FOUND', ADMIN_MESSAGES.announcementNotFound, 404);
/** spec 5: the expiry date cannot be earlier than today. */
export const ShowUntilInPast = createError('ADMIN_SHOW_UNTIL_IN_PAST', ADMIN_MESSAGES.showUntilInPast, 400);
