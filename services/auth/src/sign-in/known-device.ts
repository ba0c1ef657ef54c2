// A browser that has signed in to an account carries a signed cookie naming that account for a
// year: a "known device". The address-wide sign-in limits do not count it (issue 14 item 2), so an
// attacker who spends those budgets from elsewhere cannot stop the owner signing in from a browser
// they have used before. The cookie grants nothing else: the browser still needs the mailed code or
// link, and its own per-browser budgets still apply.
import { isUuid } from '@civic/contracts';
import { hmacSha256, isSecureOrigin, type PlatformConfig, safeEqual } from '@civic/service-kit';
import { KNOWN_DEVICE_TTL_MS } from './sign-in-policy.ts';

const VERSION = 'd1';

export const KNOWN_DEVICE_MAX_AGE_SECONDS = KNOWN_DEVICE_TTL_MS / 1000;

/** `__Host-` outside local development, like the session cookie (services/kit/src/http/cookies.ts). */
export function knownDeviceCookieName(config: Pick<PlatformConfig, 'PUBLIC_ORIGIN'>): string {
  return isSecureOrigin(config) ? '__Host-device' : 'device';
}

/** The key the cookie is signed with, derived from the code key so there is no further secret to run. */
export function knownDeviceKey(codeKey: string): string {
  return hmacSha256(codeKey, 'civic-auth:known-device-cookie');
}

function signature(key: string, userId: string, issuedAt: string): string {
  return hmacSha256(key, `${VERSION}:${userId}:${issuedAt}`);
}

/** The cookie's value: `d1.<userId>.<issued at, ms>.<HMAC>`. A user id is not a secret (profile URLs carry it). */
export function issueKnownDevice(key: string, userId: string, now: Date): string {
  const issuedAt = String(now.getTime());
  return [VERSION, userId, issuedAt, signature(key, userId, issuedAt)].join('.');
}

/** The account a cookie value names, or null when it is missing, forged or older than a year. */
export function knownDeviceUserId(key: string, value: string | undefined, now: Date): string | null {
  const [version, userId, issuedAt, mac, ...rest] = (value ?? '').split('.');
  if (version !== VERSION || !userId || !issuedAt || !mac || rest.length > 0) return null;
  if (!isUuid(userId) || !/^\d{1,15}$/.test(issuedAt)) return null;
  if (!safeEqual(signature(key, userId, issuedAt), mac)) return null;
  const age = now.getTime() - Number(issuedAt);
  return age >= 0 && age < KNOWN_DEVICE_TTL_MS ? userId : null;
}
