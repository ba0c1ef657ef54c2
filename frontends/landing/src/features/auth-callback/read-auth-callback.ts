// Spec 2.3: the landing page reads `error` (auth_failed) and `token` from its address.
export interface AuthCallback {
  /** The sign-in provider sent the visitor back after a failure. */
  authFailed: boolean;
  /** A magic-link token to verify, or null. */
  token: string | null;
  /** Whether the address carried either parameter and so needs cleaning. */
  present: boolean;
}

export function readAuthCallback(search: string): AuthCallback {
  const params = new URLSearchParams(search);
  const error = params.get('error');
  const token = params.get('token');
  return {
    authFailed: error === 'auth_failed',
    token: token || null,
    present: error !== null || token !== null,
  };
}
