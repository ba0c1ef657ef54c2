import assert from 'node:assert/strict';
import { test } from 'node:test';
import { csrfBinding, cookieNames } from '../../src/http/cookies.ts';
import { issueCsrfToken, verifyCsrfToken } from '../../src/http/csrf.ts';
import { parseKeyRing } from '../../src/key-ring.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';

test('a CSRF token verifies only for the browser it was bound to', () => {
  const token = issueCsrfToken(SECRET, 'session-a');
  assert.equal(verifyCsrfToken(SECRET, 'session-a', token), true);
  assert.equal(verifyCsrfToken(SECRET, 'session-b', token), false);
  assert.equal(verifyCsrfToken('another-secret-of-thirty-two-characters!', 'session-a', token), false);
  assert.equal(verifyCsrfToken(SECRET, 'session-a', undefined), false);
  assert.equal(verifyCsrfToken(SECRET, undefined, token), false);
  assert.equal(verifyCsrfToken(SECRET, 'session-a', `${token}x`), false);
  assert.equal(verifyCsrfToken(SECRET, 'session-a', 'garbage'), false);
});

test('the binding is the session cookie, else the pre-session cookie', () => {
  const local = cookieNames({ PUBLIC_ORIGIN: 'http://localhost:3000' });
  assert.deepEqual(local, { session: 'sid', preSession: 'pre' });
  assert.equal(csrfBinding({ sid: 's', pre: 'p' }, local), 's');
  assert.equal(csrfBinding({ pre: 'p' }, local), 'p');
  assert.equal(csrfBinding({}, local), undefined);
  assert.deepEqual(cookieNames({ PUBLIC_ORIGIN: 'https://civic.example.org' }), { session: '__Host-sid', preSession: '__Host-pre' });
});

test('rotation: a token made before it verifies while its key is in the ring; new tokens name the current key', () => {
  const before = issueCsrfToken(SECRET, 'session-a');
  assert.equal(before.split('.').length, 2, 'a plain secret makes the token of before key ids');
  const NEW = 'n'.repeat(32);
  const rotated = parseKeyRing(`k2:${NEW},${SECRET}`);
  assert.equal(verifyCsrfToken(rotated, 'session-a', before), true);
  assert.equal(verifyCsrfToken(rotated, 'session-b', before), false);
  const after = issueCsrfToken(rotated, 'session-a');
  assert.match(after, /^k2\.[^.]+\.[^.]+$/);
  assert.equal(verifyCsrfToken(rotated, 'session-a', after), true);
  const newOnly = parseKeyRing(`k2:${NEW}`);
  assert.equal(verifyCsrfToken(newOnly, 'session-a', after), true);
  assert.equal(verifyCsrfToken(newOnly, 'session-a', before), false, 'a removed key');
  assert.equal(verifyCsrfToken(rotated, 'session-a', `k9.${before}`), false, 'an unknown key id');
  assert.equal(verifyCsrfToken(rotated, 'session-a', `k2.${before}`), false, "another key's token under the current id");
  assert.equal(verifyCsrfToken(rotated, 'session-a', `default.${before}`), false);
});
