// CSRF tokens are stateless: a nonce plus an HMAC binding it to the browser's session cookie
// (or, before sign-in, its pre-session cookie). A token minted for another browser fails.
import { hmacSha256, randomToken, safeEqual } from '../crypto.ts';

export function issueCsrfToken(secret: string, binding: string): string {
  const nonce = randomToken(16);
  return `${nonce}.${hmacSha256(secret, `${binding}.${nonce}`)}`;
}

export function verifyCsrfToken(secret: string, binding: string | undefined, token: string | undefined): boolean {
  if (!binding || !token) return false;
  const dot = token.indexOf('.');
  if (dot <= 0) return false;
  const nonce = token.slice(0, dot);
  return safeEqual(token.slice(dot + 1), hmacSha256(secret, `${binding}.${nonce}`));
}
