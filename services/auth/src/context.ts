// What the auth service's domain functions need, built once in app.ts.
import type { SqlDriver } from '@civic/service-kit/db';
import type { Platform } from '@civic/service-kit';
import type { AuthDb } from './db.ts';
import type { SignInMailMetrics } from './sign-in/sign-in-metrics.ts';

export interface AuthContext {
  db: AuthDb;
  /** Plain SQL for hot reads: ~3x cheaper than a Prisma query (measured on PGlite and pg). */
  sql: SqlDriver;
  platform: Platform;
  /** Key of the HMAC that stores sign-in codes. */
  codeKey: string;
  /** Key of the HMAC that signs known-device cookies (derived from the code key). */
  deviceKey: string;
  /** Sign-in mails sent, refused and failed (platform.metrics). */
  signInMails: SignInMailMetrics;
}
