import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { parseKeyRing } from '@civic/service-kit';
import { codeMatches, generateCode, generateLinkToken, hashBrowser, hashCode, hashLinkToken } from '../../src/sign-in/sign-in-secrets.ts';

test('codes are six digits from the whole range, leading zeros kept', () => {
  const codes = Array.from({ length: 2000 }, generateCode);
  assert.ok(codes.every((c) => /^\d{6}$/.test(c)));
  assert.ok(
    codes.some((c) => c.startsWith('0')),
    'leading zeros occur',
  );
  assert.ok(new Set(codes).size > 1990, 'codes do not repeat in practice');
});

test('a stored code hash is keyed and bound to its request', () => {
  const stateId = randomUUID();
  const key1 = parseKeyRing('1'.repeat(32));
  const hash = hashCode(key1, stateId, '123456');
  assert.ok(!hash.includes('123456'));
  assert.ok(codeMatches(key1, stateId, '123456', hash));
  assert.ok(!codeMatches(key1, stateId, '123457', hash));
  assert.ok(!codeMatches(parseKeyRing('2'.repeat(32)), stateId, '123456', hash), 'another key does not match');
  assert.ok(!codeMatches(key1, randomUUID(), '123456', hash), 'another request does not match');
});

test('rotation: a code hashed before it verifies while its key is in the ring; the hash names its key', () => {
  const stateId = randomUUID();
  const old = 'o'.repeat(32);
  const before = hashCode(parseKeyRing(old), stateId, '123456');
  assert.doesNotMatch(before, /\./, 'a plain key stores the hash of before key ids');
  const rotated = parseKeyRing(`k2:${'n'.repeat(32)},${old}`);
  assert.ok(codeMatches(rotated, stateId, '123456', before), 'the old key, still in the ring');
  assert.ok(!codeMatches(rotated, stateId, '654321', before));
  const after = hashCode(rotated, stateId, '123456');
  assert.match(after, /^k2\./);
  assert.ok(codeMatches(parseKeyRing(`k2:${'n'.repeat(32)}`), stateId, '123456', after));
  assert.ok(!codeMatches(parseKeyRing(`k2:${'n'.repeat(32)}`), stateId, '123456', before), 'a removed key: the code must be asked for again');
  assert.ok(!codeMatches(rotated, stateId, '123456', `k9.${after.slice(3)}`), 'an unknown key id');
  assert.ok(!codeMatches(rotated, stateId, '123456', `default.${before}`), 'the default key is never named');
});

test('link tokens are 32 random bytes, stored as SHA-256', () => {
  const token = generateLinkToken();
  assert.equal(Buffer.from(token, 'base64url').length, 32);
  assert.notEqual(generateLinkToken(), token);
  assert.match(hashLinkToken(token), /^[0-9a-f]{64}$/);
  assert.equal(hashLinkToken(token), hashLinkToken(token));
  assert.notEqual(hashBrowser('a'), hashBrowser('b'));
});
