// Requests and answers of the auth service (spec 7.2, DESIGN.md section 8).
import { z } from 'zod';
import { UUID_PATTERN } from '../shared/uuid.ts';
import { ZUser } from './user.ts';
import { defineOperation } from '../shared/operation.ts';
import { AUTH_ROUTES } from './routes.ts';

export { AUTH_PROVIDER } from './routes.ts';

export const SIGN_IN_MESSAGES = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  codeIncomplete: 'Please enter all 6 digits',
  invalidCode: 'Invalid verification code',
  invalidToken: 'Invalid or expired token.',
  expiredCode: 'Verification code has expired. Please request a new one.',
  stateBurned: 'Too many incorrect attempts. Please request a new code.',
  tooManyFailures: 'Too many failed sign-in attempts. Please try again later.',
  resendCooldown: 'Please wait before requesting another email.',
  mailLimit: 'Too many sign-in emails requested. Please try again later.',
  otherBrowser: 'This sign-in request was started in another browser. Please request a new link or code here.',
  /** A link opened in a browser other than the one that asked for it: nothing is consumed. */
  linkOtherBrowser: 'This sign-in link was requested in another browser. Open it there, or send a new link to this browser.',
  /** A link that is unknown, used or past its 10 minutes: spec 8's own words, now with a code of its own (AUTH_LINK_EXPIRED). */
  linkExpired: 'Invalid or expired token.',
  registrationClosed: 'Registration is currently closed.',
  banned: 'This account has been suspended.',
  unauthorized: 'Unauthorized',
} as const;

/**
 * spec 5: text, @, text, dot, text; the texts without the characters that make an address header
 * more than one plain address ("victim<attacker@evil.com>" would be mailed to attacker@evil.com).
 * The domain is written so that only one split of it can match: its first character, then no dot up
 * to the first dot after it, then the rest. It accepts exactly what `text.text` did, but
 * `[^@]+\.[^@]+` tried every dot as the split, which took seconds on "a@" + "." x 64 KB + "@".
 */
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"][^\s@<>()[\]\\,;:".]*\.[^\s@<>()[\]\\,;:"]+$/;

/** RFC 5321's longest forward path; a longer address is refused before the pattern reads it. */
export const EMAIL_MAX_LENGTH = 254;

export const ZEmail = z
  .string({ error: SIGN_IN_MESSAGES.emailRequired })
  .trim()
  .min(1, SIGN_IN_MESSAGES.emailRequired)
  .max(EMAIL_MAX_LENGTH, { error: SIGN_IN_MESSAGES.emailInvalid, abort: true })
  .regex(EMAIL_PATTERN, SIGN_IN_MESSAGES.emailInvalid);

export const ZSendRequest = z.strictObject({
  email: ZEmail,
  /**
   * The citizen whose invitation link (`/?ref={userId}`) brought the visitor. Recorded with
   * the sign-in request; when that sign-in creates a new account, the recruiter may earn
   * recruit_user_reward. Ignored for an existing account.
   */
  recruiterId: z
    .string({ error: 'Invalid recruiter' })
    .length(36, { error: 'Invalid recruiter', abort: true })
    .regex(UUID_PATTERN, 'Invalid recruiter')
    .optional(),
});
export type TSendRequest = z.infer<typeof ZSendRequest>;

export const ZStateId = z.string({ error: 'Invalid sign-in request' }).uuid('Invalid sign-in request');

export const ZSendResponse = z.object({
  stateId: ZStateId,
  message: z.string(),
});
export type TSendResponse = z.infer<typeof ZSendResponse>;

export const ZOtp = z
  .string({ error: SIGN_IN_MESSAGES.codeIncomplete })
  .length(6, { error: SIGN_IN_MESSAGES.codeIncomplete, abort: true })
  .regex(/^\d{6}$/, SIGN_IN_MESSAGES.codeIncomplete);

export const ZVerifyOtpRequest = z.strictObject({ stateId: ZStateId, otp: ZOtp });
export type TVerifyOtpRequest = z.infer<typeof ZVerifyOtpRequest>;

export const ZResendOtpRequest = z.strictObject({ stateId: ZStateId });
export type TResendOtpRequest = z.infer<typeof ZResendOtpRequest>;

export const ZVerifyTokenRequest = z.strictObject({
  token: z
    .string({ error: SIGN_IN_MESSAGES.invalidToken })
    .length(43, { error: SIGN_IN_MESSAGES.invalidToken, abort: true })
    .regex(/^[A-Za-z0-9_-]{43}$/, SIGN_IN_MESSAGES.invalidToken),
});
export type TVerifyTokenRequest = z.infer<typeof ZVerifyTokenRequest>;

export const ZOkResponse = z.object({ success: z.literal(true), message: z.string().optional() });
export type TOkResponse = z.infer<typeof ZOkResponse>;

export const ZCsrfTokenResponse = z.object({ token: z.string() });
export type TCsrfTokenResponse = z.infer<typeof ZCsrfTokenResponse>;

const signInErrors = [400, 403, 429, 502] as const;

export const AUTH_OPERATIONS = {
  csrfToken: defineOperation({
    ...AUTH_ROUTES.csrfToken,
    owner: 'auth',
    auth: 'none',
    errors: [],
    summary: 'A CSRF token bound to this browser (sets the pre-session cookie when missing)',
    response: ZCsrfTokenResponse,
  }),
  currentUser: defineOperation({
    ...AUTH_ROUTES.currentUser,
    owner: 'auth',
    auth: 'user',
    errors: [401],
    summary: 'The signed-in user; 401 means signed out',
    response: ZUser,
  }),
  sendMagicLink: defineOperation({
    ...AUTH_ROUTES.sendMagicLink,
    owner: 'auth',
    auth: 'none',
    errors: signInErrors,
    summary: 'E-mail a sign-in link',
    body: ZSendRequest,
    response: ZSendResponse,
  }),
  sendOtp: defineOperation({
    ...AUTH_ROUTES.sendOtp,
    owner: 'auth',
    auth: 'none',
    errors: signInErrors,
    summary: 'E-mail a six-digit sign-in code',
    body: ZSendRequest,
    response: ZSendResponse,
  }),
  resendOtp: defineOperation({
    ...AUTH_ROUTES.resendOtp,
    owner: 'auth',
    auth: 'none',
    errors: signInErrors,
    summary: 'E-mail a new code for the same sign-in request',
    body: ZResendOtpRequest,
    response: ZSendResponse,
  }),
  verifyOtp: defineOperation({
    ...AUTH_ROUTES.verifyOtp,
    owner: 'auth',
    auth: 'none',
    errors: signInErrors,
    summary: 'Sign in with the e-mailed code',
    body: ZVerifyOtpRequest,
    response: ZOkResponse,
  }),
  verifyToken: defineOperation({
    ...AUTH_ROUTES.verifyToken,
    owner: 'auth',
    auth: 'none',
    errors: signInErrors,
    summary: 'Sign in with the token of an e-mailed link',
    body: ZVerifyTokenRequest,
    response: ZOkResponse,
  }),
  logout: defineOperation({
    ...AUTH_ROUTES.logout,
    owner: 'auth',
    auth: 'none',
    errors: [],
    summary: 'Sign out this browser',
    response: ZOkResponse,
  }),
};
