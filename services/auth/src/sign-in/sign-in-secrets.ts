// Codes and link tokens: generated from a CSPRNG, stored only as hashes (SECURITY 4).
// A code is short, so its hash is keyed (HMAC under the service's code key) and bound to its
// request: a leaked table row cannot be brute-forced offline, nor reused for another stateId.
import { hmacSha256, randomDigits, randomToken, safeEqual, sha256 } from '@civic/service-kit';
import { CODE_LENGTH } from './sign-in-policy.ts';

export function generateCode(): string {
  return randomDigits(CODE_LENGTH);
}

export function hashCode(codeKey: string, stateId: string, code: string): string {
  return hmacSha256(codeKey, `${stateId}:${code}`);
}

export function codeMatches(codeKey: string, stateId: string, code: string, storedHash: string): boolean {
  return safeEqual(hashCode(codeKey, stateId, code), storedHash);
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
