import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createIdentitySigner, createIdentityVerifier, IDENTITY_TTL_SECONDS } from '../../src/http/internal-identity.ts';

const SECRET = 'x'.repeat(40);
const alice = { userId: '6f1f7a52-5f0c-4d55-9d0a-1f7e1c1b2a3c', isAdmin: false, isBanned: false, ip: '10.0.0.1' };

test('a token verifies only for its audience and key', () => {
  const token = createIdentitySigner(SECRET)(alice, 'auth');
  assert.deepEqual(createIdentityVerifier(SECRET, 'auth')(token), alice);
  assert.throws(() => createIdentityVerifier(SECRET, 'ledger')(token));
  assert.throws(() => createIdentityVerifier('y'.repeat(40), 'auth')(token));
});

test('visitors carry no user id', () => {
  const token = createIdentitySigner(SECRET)({ ...alice, userId: null }, 'auth');
  assert.equal(createIdentityVerifier(SECRET, 'auth')(token).userId, null);
});

test('a visitor whose session could not be read (session store away) is marked so, and gets a token of its own', () => {
  const sign = createIdentitySigner(SECRET);
  const visitor = { ...alice, userId: null };
  const unread = { ...visitor, sessionUnavailable: true };
  assert.deepEqual(createIdentityVerifier(SECRET, 'auth')(sign(unread, 'auth')), unread);
  assert.equal(createIdentityVerifier(SECRET, 'auth')(sign(visitor, 'auth')).sessionUnavailable, undefined);
  assert.notEqual(sign(unread, 'auth'), sign(visitor, 'auth'));
});

test('tokens are reused for half their lifetime, and never across a change of role flags', async () => {
  let now = 1_000_000;
  const sign = createIdentitySigner(SECRET, () => now);
  const first = sign(alice, 'auth');
  assert.equal(sign(alice, 'auth'), first);
  assert.notEqual(sign({ ...alice, isBanned: true }, 'auth'), first, 'a ban changes the token at once');
  assert.notEqual(sign({ ...alice, isAdmin: true }, 'auth'), first, 'a grant changes the token at once');
  const pending = sign({ ...alice, isPending: true }, 'auth');
  assert.notEqual(pending, first, 'an approval (or its absence) changes the token at once');
  assert.equal(createIdentityVerifier(SECRET, 'auth')(pending).isPending, true);
  assert.equal(createIdentityVerifier(SECRET, 'auth')(first).isPending, undefined, 'approved accounts carry no flag');
  assert.notEqual(sign(alice, 'ledger'), first);
  now += (IDENTITY_TTL_SECONDS * 1000) / 2 + 1;
  // A fresh signature has a later iat (whole seconds of real time).
  await new Promise((resolve) => setTimeout(resolve, 1100));
  assert.notEqual(sign(alice, 'auth'), first, 're-signed before it could expire in flight');
});
