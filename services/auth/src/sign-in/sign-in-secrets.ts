// Codes and link tokens: generated from a CSPRNG, stored only as hashes (SECURITY 4).
// A code is short, so its hash is keyed (HMAC under the service's code key) and bound to its
// request: a leaked table row cannot be brute-forced offline, nor reused for another stateId.
// The hash is made with the AUTH_CODE_KEY ring's current key and stored behind its id (`<kid>.<hash>`,
// none for the `default` key); a code is checked with the key its stored hash names, so a code mailed
// before a rotation still verifies while its key is in the ring (docs/key-rotation.md).
import { hmacSha256, type KeyRing, keyOfMarked, markWithKeyId, randomDigits, randomToken, safeEqual, sha256 } from '@civic/service-kit';
import { CODE_LENGTH } from './sign-in-policy.ts';

export function generateCode(): string {
  return randomDigits(CODE_LENGTH);
}

export function hashCode(codeKey: KeyRing, stateId: string, code: string): string {
  return markWithKeyId(codeKey.current, hmacSha256(codeKey.current.secret, `${stateId}:${code}`));
}

/** False too when the stored hash names a key no longer in the ring (the code must be asked for again). */
export function codeMatches(codeKey: KeyRing, stateId: string, code: string, storedHash: string): boolean {
  const stored = keyOfMarked(codeKey, storedHash);
  return stored !== undefined && safeEqual(hmacSha256(stored.key.secret, `${stateId}:${code}`), stored.value);
}

/** 32 random bytes, base64url: the magic-link token. */
export function generateLinkToken(): string {
  return randomToken(32);
}

export function hashLinkToken(token: string): string {
  return sha256(token);
}

/** What a sign-in request is bound to: the hash of the asking browser's pre-session cookie. */
export function hashBrowser(preSessionId: string): string {
  return sha256(`browser:${preSessionId}`);
}
