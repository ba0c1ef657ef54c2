import { EMAIL_PATTERN, SIGN_IN_TEXT } from './sign-in-messages.ts';

/** Spec 5 "Sign-in": the message for an unusable address, or null when it is fine. */
export function validateEmail(email: string): string | null {
  const trimmed = email.trim();
  if (!trimmed) return SIGN_IN_TEXT.emailRequired;
  if (!EMAIL_PATTERN.test(trimmed)) return SIGN_IN_TEXT.emailInvalid;
  return null;
}
