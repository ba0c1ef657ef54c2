// The notifications service's refusals; messages are the ones users read.
import { UNSUBSCRIBE_MESSAGES } from '@civic/contracts';
import { createError } from '@civic/service-kit';

/** A missing, damaged or forged unsubscribe token, or one signed with a key no longer in the ring. */
export const UnsubscribeLinkInvalid = createError('NOTIFICATIONS_LINK_INVALID', UNSUBSCRIBE_MESSAGES.invalid, 400);
/** The link was used already (each works once). */
export const UnsubscribeLinkUsed = createError('NOTIFICATIONS_LINK_USED', UNSUBSCRIBE_MESSAGES.used, 410);
/** The link is older than its lifetime (UNSUBSCRIBE_LINK_LIFETIME_MS): Settings does the same. */
export const UnsubscribeLinkExpired = createError('NOTIFICATIONS_LINK_EXPIRED', UNSUBSCRIBE_MESSAGES.expired, 410);
