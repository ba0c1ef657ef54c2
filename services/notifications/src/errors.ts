// The notifications service's refusals; messages are the ones users read.
import { UNSUBSCRIBE_MESSAGES } from '@civic/contracts';
import { createError } from '@civic/service-kit';

/** A missing, damaged or forged unsubscribe token, or one signed with a key no longer in the ring. */
export const UnsubscribeLinkInvalid = createError('NOTIFICATIONS_LINK_INVALID', UNSUBSCRIBE_MESSAGES.invalid, 400);
/** The link was used already (each works once). */
export const UnsubscribeLinkUsed = createError('NOTIFICATIONS_LINK_USED', UNSUBSCRIBE_MESSAGES.used, 410);
