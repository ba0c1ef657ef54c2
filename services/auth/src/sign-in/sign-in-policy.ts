// The numbers of sign-in (SPEC 9 "Sign-in", SECURITY 1-9) and the pure rules built on them.
export const CODE_LENGTH = 6;
export const SIGN_IN_TTL_MS = 10 * 60 * 1000;
export const RESEND_COOLDOWN_MS = 30 * 1000;
export const MAX_WRONG_CODES_PER_REQUEST = 5;
// A limit counted per address alone lets anyone lock the address's owner out, so the
// budgets are per address *and* asking browser; the address-wide bounds count only browsers that are
// not a known device of the account (one that has signed in to it before), so the owner's own
// browsers stay out of an attacker's reach.
/** Wrong codes one browser may send for one address in an hour. */
export const MAX_FAILURES_PER_BROWSER_PER_HOUR = 10;
/**
 * Wrong codes all browsers but the account's known devices may send for one address in an hour
 * (SECURITY 1: a botnet of browsers gets no more guesses). Beyond it codes are paused for them; a
 * magic link, whose 256-bit token cannot be guessed, still works.
 */
export const MAX_FAILURES_PER_ADDRESS_PER_HOUR = 10;
/** Sign-in mails one browser may ask for one address in an hour. */
export const MAX_MAILS_PER_BROWSER_PER_HOUR = 5;
/** Sign-in mails an address receives in an hour for browsers that are not its account's known devices. */
export const MAX_MAILS_PER_ADDRESS_PER_HOUR = 10;
export const MAX_MAILS_PER_IP_PER_HOUR = 20;
/** How long a browser that signed in stays a known device of the account. */
export const KNOWN_DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;

export function isExpired(expiresAt: Date, now: Date): boolean {
  return now.getTime() >= expiresAt.getTime();
}

/** Milliseconds until another mail may go to the address for the same browser, 0 when it may go now. */
export function resendWaitMs(lastSentAt: Date | null, now: Date): number {
  if (!lastSentAt) return 0;
  return Math.max(0, lastSentAt.getTime() + RESEND_COOLDOWN_MS - now.getTime());
}

export function isBurned(failedAttempts: number): boolean {
  return failedAttempts >= MAX_WRONG_CODES_PER_REQUEST;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
