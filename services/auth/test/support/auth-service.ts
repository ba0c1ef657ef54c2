// What auth's one-service tests share: browsers, the mailbox of the service alone (its mail files
// under its DATA_DIR, MAIL_TRANSPORT=file) and fresh addresses for each run.
import { join } from 'node:path';
import { type SessionRecord, sha256 } from '@civic/service-kit';
import type { ServiceClient, TestService } from '@civic/service-kit/testing';
import { readLatestMail, type ReadMail } from '../../../../test/support/mail-reader.ts';

/** The mail auth sent, as `requestCode` and `signIn` (test/support/sign-in.ts) read it from a stack. */
export function mailboxOf(service: TestService): { readLatestMail(to: string, after?: number): Promise<ReadMail> } {
  return { readLatestMail: (to, after) => readLatestMail(join(service.dataDir, 'mail'), to, 5000, after) };
}

let n = 0;
/** A fresh address of this run. */
export const address = (label: string) => `${label}.${process.pid}.${++n}@example.com`;

/**
 * A browser of the front end: before its first state-changing request it asks auth for a CSRF token,
 * as the front end does (test/support/api-client.ts), which gives it the pre-session cookie that binds
 * its sign-in (SECURITY 7). Checking the token is the gateway's (gateway/test/).
 */
export function browserOf(service: TestService, ip?: string): ServiceClient {
  const client = service.asBrowser(ip);
  let token: Promise<unknown> | undefined;
  const request: ServiceClient['request'] = async (method, path, options) => {
    if (!['GET', 'HEAD'].includes(method.toUpperCase())) await (token ??= client.get('/api/csrf-token'));
    return client.request(method, path, options);
  };
  return {
    identity: client.identity,
    cookies: client.cookies,
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    patch: (path, body, options) => request('PATCH', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
  };
}

/**
 * The session of a browser as the gateway reads it at its next request (null: signed out): the flags it
 * signs into the identity every service checks (a pending account is refused their active-user routes).
 */
export async function sessionOf(service: TestService, browser: ServiceClient): Promise<SessionRecord | null> {
  const sessionId = browser.cookies.get('sid');
  return sessionId ? service.platform.sessions.get(sha256(sessionId), service.platform.clock.now().getTime()) : null;
}
