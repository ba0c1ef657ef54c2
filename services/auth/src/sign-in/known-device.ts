// A browser that has signed in to an account carries a signed cookie naming that account for a
// year: a "known device". The address-wide sign-in limits do not count it, so an
// attacker who spends those budgets from elsewhere cannot stop the owner signing in from a browser
// they have used before. The cookie grants nothing else: the browser still needs the mailed code or
// link, and its own per-browser budgets still apply.
import { isUuid } from '@civic/contracts';
import { deriveKeyRing, hmacSha256, isSecureOrigin, type KeyRing, keyOfMarked, markWithKeyId, type PlatformConfig, safeEqual } from '@civic/service-kit';
import { KNOWN_DEVICE_TTL_MS } from './sign-in-policy.ts';

const VERSION = 'd1';

export const KNOWN_DEVICE_MAX_AGE_SECONDS = KNOWN_DEVICE_TTL_MS / 1000;

/** `__Host-` outside local development, like the session cookie (services/kit/src/http/cookies.ts). */
export function knownDeviceCookieName(config: Pick<PlatformConfig, 'PUBLIC_ORIGIN'>): string {
  return isSecureOrigin(config) ? '__Host-device' : 'device';
}

/**
 * The keys the cookie is signed with, derived from the code keys so there is no further secret to run:
 * the current one signs, and a cookie names its key's id in front (`<kid>.d1...`; none for the
 * `default` key), so a cookie signed before a rotation counts while its key is in the ring.
 */
export function knownDeviceKey(codeKey: KeyRing): KeyRing {
  return deriveKeyRing(codeKey, 'civic-auth:known-device-cookie');
}

function signature(key: string, userId: string, issuedAt: string): string {
  return hmacSha256(key, `${VERSION}:${userId}:${issuedAt}`);
}

/** The cookie's value: `[<kid>.]d1.<userId>.<issued at, ms>.<HMAC>`. A user id is not a secret (profile URLs carry it). */
export function issueKnownDevice(keys: KeyRing, userId: string, now: Date): string {
  const issuedAt = String(now.getTime());
  return markWithKeyId(keys.current, [VERSION, userId, issuedAt, signature(keys.current.secret, userId, issuedAt)].join('.'));
}

/** The account a cookie value names, or null when it is missing, forged, older than a year or of a key no longer held. */
export function knownDeviceUserId(keys: KeyRing, value: string | undefined, now: Date): string | null {
  const marked = keyOfMarked(keys, value ?? '', 3);
  if (!marked) return null;
  const [version, userId, issuedAt, mac, ...rest] = marked.value.split('.');
  if (version !== VERSION || !userId || !issuedAt || !mac || rest.length > 0) return null;
  if (!isUuid(userId) || !/^\d{1,15}$/.test(issuedAt)) return null;
  if (!safeEqual(signature(marked.key.secret, userId, issuedAt), mac)) return null;
  const age = now.getTime() - Number(issuedAt);
  return age >= 0 && age < KNOWN_DEVICE_TTL_MS ? userId : null;
}
