// The numbers of sign-in (SPEC 9 "Sign-in", SECURITY 1-9) and the pure rules built on them.
export const CODE_LENGTH = 6;
export const SIGN_IN_TTL_MS = 10 * 60 * 1000;
export const RESEND_COOLDOWN_MS = 30 * 1000;
export const MAX_WRONG_CODES_PER_REQUEST = 5;
export const MAX_FAILURES_PER_ADDRESS_PER_HOUR = 10;
export const MAX_MAILS_PER_ADDRESS_PER_HOUR = 5;
export const MAX_MAILS_PER_IP_PER_HOUR = 20;
export const HOUR_MS = 60 * 60 * 1000;

export function isExpired(expiresAt: Date, now: Date): boolean {
  return now.getTime() >= expiresAt.getTime();
}

/** Milliseconds until another mail may go to the address, 0 when it may go now. */
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
