// CSRF tokens are stateless: a nonce plus an HMAC binding it to the browser's session cookie
// (or, before sign-in, its pre-session cookie). A token minted for another browser fails.
// Made with the CSRF_SECRET ring's current key, whose id leads the token (`<kid>.<nonce>.<HMAC>`; the
// `default` key's tokens are `<nonce>.<HMAC>`, as before key ids); checked with the key it names.
import { hmacSha256, randomToken, safeEqual } from '../crypto.ts';
import { asKeyRing, type KeyRing, keyOfMarked, markWithKeyId } from '../key-ring.ts';

export function issueCsrfToken(secret: KeyRing | string, binding: string): string {
  const key = asKeyRing(secret).current;
  const nonce = randomToken(16);
  return markWithKeyId(key, `${nonce}.${hmacSha256(key.secret, `${binding}.${nonce}`)}`);
}

export function verifyCsrfToken(secret: KeyRing | string, binding: string | undefined, token: string | undefined): boolean {
  if (!binding || !token) return false;
  const marked = keyOfMarked(asKeyRing(secret), token, 1);
  if (!marked) return false;
  const dot = marked.value.indexOf('.');
  if (dot <= 0) return false;
  const nonce = marked.value.slice(0, dot);
  return safeEqual(marked.value.slice(dot + 1), hmacSha256(marked.key.secret, `${binding}.${nonce}`));
}
