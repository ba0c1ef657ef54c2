// What the auth service's domain functions need, built once in app.ts.
import type { KeyRing, Platform } from '@civic/service-kit';
import type { AuthDb } from './db.ts';
import type { SignInMailMetrics } from './sign-in/sign-in-metrics.ts';

export interface AuthContext {
  db: AuthDb;
  platform: Platform;
  /** Keys of the HMACs that store sign-in codes and erased addresses (AUTH_CODE_KEY; the current one makes new hashes). */
  codeKey: KeyRing;
  /** Keys of the HMAC that signs known-device cookies (derived from each code key, same ids). */
  deviceKey: KeyRing;
  /** Sign-in mails sent, refused and failed (platform.metrics). */
  signInMails: SignInMailMetrics;
}
