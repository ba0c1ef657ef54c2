// The auth service's refusals. Messages are the ones users read (spec 8 where it has one).
import { ADMIN_MESSAGES, SIGN_IN_MESSAGES } from '@civic/contracts';
import { createError, exposeMessage } from '@civic/service-kit';

export const InvalidCode = createError('AUTH_INVALID_CODE', SIGN_IN_MESSAGES.invalidCode, 400);
export const ExpiredCode = createError('AUTH_EXPIRED_CODE', SIGN_IN_MESSAGES.expiredCode, 400);
export const BurnedRequest = createError('AUTH_TOO_MANY_ATTEMPTS', SIGN_IN_MESSAGES.stateBurned, 400);
export const OtherBrowser = createError('AUTH_OTHER_BROWSER', SIGN_IN_MESSAGES.otherBrowser, 400);
/** The link's own refusals: the landing page tells each cause apart by its code. */
export const LinkExpired = createError('AUTH_LINK_EXPIRED', SIGN_IN_MESSAGES.linkExpired, 400);
export const LinkOtherBrowser = createError('AUTH_LINK_OTHER_BROWSER', SIGN_IN_MESSAGES.linkOtherBrowser, 400);
export const TooManyFailures = createError('AUTH_TOO_MANY_FAILURES', SIGN_IN_MESSAGES.tooManyFailures, 429);
/**
 * Codes for the address are paused for browsers that are not its account's known devices;
 * the message sends the owner to the link, which still works.
 */
export const CODES_PAUSED_MESSAGE = 'Too many wrong codes were tried for this address. Please sign in with a link instead.';
export const CodesPaused = createError('AUTH_CODES_PAUSED', CODES_PAUSED_MESSAGE, 429);
export const ResendCooldown = createError('AUTH_RESEND_COOLDOWN', `${SIGN_IN_MESSAGES.resendCooldown} (%s s)`, 429);
export const MailLimit = createError('AUTH_MAIL_LIMIT', SIGN_IN_MESSAGES.mailLimit, 429);
export const RegistrationClosed = createError('AUTH_REGISTRATION_CLOSED', SIGN_IN_MESSAGES.registrationClosed, 403);
/**
 * The account is banned, or an administrator rejected it: refused at verification, once
 * the visitor has proven the mailbox, so asking for a mail never tells whether an account exists.
 */
export const AccountSuspended = createError('AUTH_ACCOUNT_SUSPENDED', SIGN_IN_MESSAGES.banned, 403);
export const AccountRejected = createError('AUTH_ACCOUNT_REJECTED', ADMIN_MESSAGES.registrationRejected, 403);
export const MailFailed = exposeMessage(createError('AUTH_MAIL_FAILED', 'Failed to send authentication request', 502));
/** No pre-session cookie: the browser must fetch a CSRF token first. The word CSRF makes the client do so. */
export const MissingPreSession = createError('AUTH_CSRF_PRESESSION_MISSING', 'CSRF pre-session cookie missing; fetch a new CSRF token', 403);
/** The account was erased while its sign-in was completing: no session is left behind for it. */
export const AccountDeleted = createError('AUTH_ACCOUNT_DELETED', 'This account no longer exists. Please sign in again.', 409);
