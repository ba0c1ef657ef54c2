// What the auth service's domain functions need, built once in app.ts.
import type { Platform } from '@civic/service-kit/platform';
import type { AuthDb } from './db.ts';

export interface AuthContext {
  db: AuthDb;
  platform: Platform;
  /** Key of the HMAC that stores sign-in codes. */
  codeKey: string;
}
