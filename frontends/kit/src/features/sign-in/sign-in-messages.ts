// Texts of the sign-in dialog: spec 2.4, 5 and 8, verbatim.
export const SIGN_IN_TEXT = {
  audience: 'US citizens only, one account per person',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  emailInvalidForResend: 'Please enter a valid email address first',
  codeIncomplete: 'Please enter all 6 digits',
  codeExpiry: 'The code expires in 10 minutes.',
  useDifferentEmail: 'Use different email',
  sendFailed: 'Authentication failed',
  sendFailedFallback: 'Failed to send authentication request',
  sendFailedToast: 'Authentication Error',
  resendLinkFailed: 'Failed to resend magic link',
  verifyFailed: 'Verification failed',
  verifyFailedFallback: 'Invalid verification code',
  verifyFailedToast: 'Verification Failed',
  resendCodeFailed: 'Failed to resend code',
} as const;

/** Spec 5: text, @, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const CODE_LENGTH = 6;
/** Spec 9: the resend-code button waits 30 s after the verify step appears and after each resend. */
export const RESEND_COOLDOWN_SECONDS = 30;
/** Spec 9: verification success toast shows 3 s, the redirect waits 1 s. */
export const VERIFIED_TOAST_DURATION_MS = 3000;
export const REDIRECT_AFTER_VERIFY_MS = 1000;
