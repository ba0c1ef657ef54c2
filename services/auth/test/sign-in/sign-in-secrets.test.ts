import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
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
  const hash = hashCode('key-1', stateId, '123456');
  assert.ok(!hash.includes('123456'));
  assert.ok(codeMatches('key-1', stateId, '123456', hash));
  assert.ok(!codeMatches('key-1', stateId, '123457', hash));
  assert.ok(!codeMatches('key-2', stateId, '123456', hash), 'another key does not match');
  assert.ok(!codeMatches('key-1', randomUUID(), '123456', hash), 'another request does not match');
});

test('link tokens are 32 random bytes, stored as SHA-256', () => {
  const token = generateLinkToken();
  assert.equal(Buffer.from(token, 'base64url').length, 32);
  assert.notEqual(generateLinkToken(), token);
  assert.match(hashLinkToken(token), /^[0-9a-f]{64}$/);
  assert.equal(hashLinkToken(token), hashLinkToken(token));
  assert.notEqual(hashBrowser('a'), hashBrowser('b'));
});
