import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createSigner } from 'fast-jwt';
import { createIdentitySigner, createIdentityVerifier, IDENTITY_SIGN_OPTIONS, IDENTITY_TTL_SECONDS } from '../../src/http/internal-identity.ts';
import { generateIdentityKeyPair, identityKeyPem } from '../../src/identity-keys.ts';

// The gateway's pair: SECRET signs (the private key), PUBLIC checks.
const { privateKey: SECRET, publicKey: PUBLIC } = generateIdentityKeyPair();
const alice = { userId: '6f1f7a52-5f0c-4d55-9d0a-1f7e1c1b2a3c', isAdmin: false, isBanned: false, ip: '10.0.0.1' };
const claims = (aud: string) => ({ adm: true, ban: false, ip: alice.ip, aud, sub: alice.userId });

test('a token verifies only for its audience and with the public key of the key that signed it', () => {
  const token = createIdentitySigner(SECRET)(alice, 'auth');
  assert.deepEqual(createIdentityVerifier(PUBLIC, 'auth')(token), alice);
  assert.throws(() => createIdentityVerifier(PUBLIC, 'ledger')(token));
  assert.throws(() => createIdentityVerifier(generateIdentityKeyPair().publicKey, 'auth')(token));
});

test('SECURITY 33: what a service holds cannot sign a token another service accepts', () => {
  const verify = createIdentityVerifier(PUBLIC, 'ledger');
  // Another Ed25519 key (a compromised service's own), and HS256 with the public key as the HMAC
  // secret (the algorithm-confusion forgery), in both its forms, and with any other secret.
  const forged = [
    createIdentitySigner(generateIdentityKeyPair().privateKey)(alice, 'ledger'),
    createSigner({ key: PUBLIC, algorithm: 'HS256', iss: IDENTITY_SIGN_OPTIONS.iss, expiresIn: 60_000 })(claims('ledger')),
    createSigner({ key: identityKeyPem({ id: 'default', secret: PUBLIC }, 'public'), algorithm: 'HS256', iss: IDENTITY_SIGN_OPTIONS.iss, expiresIn: 60_000 })(
      claims('ledger'),
    ),
    createSigner({ key: 'x'.repeat(40), algorithm: 'HS256', iss: IDENTITY_SIGN_OPTIONS.iss, expiresIn: 60_000 })(claims('ledger')),
  ];
  for (const token of forged) assert.throws(() => verify(token));
  assert.throws(() => createIdentitySigner(PUBLIC), /not an Ed25519 private key/, 'a public key cannot sign at all');
});

test('visitors carry no user id', () => {
  const token = createIdentitySigner(SECRET)({ ...alice, userId: null }, 'auth');
  assert.equal(createIdentityVerifier(PUBLIC, 'auth')(token).userId, null);
});

test('a visitor whose session could not be read (session store away) is marked so, and gets a token of its own', () => {
  const sign = createIdentitySigner(SECRET);
  const visitor = { ...alice, userId: null };
  const unread = { ...visitor, sessionUnavailable: true };
  assert.deepEqual(createIdentityVerifier(PUBLIC, 'auth')(sign(unread, 'auth')), unread);
  assert.equal(createIdentityVerifier(PUBLIC, 'auth')(sign(visitor, 'auth')).sessionUnavailable, undefined);
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
  assert.equal(createIdentityVerifier(PUBLIC, 'auth')(pending).isPending, true);
  assert.equal(createIdentityVerifier(PUBLIC, 'auth')(first).isPending, undefined, 'approved accounts carry no flag');
  assert.notEqual(sign(alice, 'ledger'), first);
  now += (IDENTITY_TTL_SECONDS * 1000) / 2 + 1;
  // A fresh signature has a later iat (whole seconds of real time).
  await new Promise((resolve) => setTimeout(resolve, 1100));
  assert.notEqual(sign(alice, 'auth'), first, 're-signed before it could expire in flight');
});

const headerOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8'));

test('rotation: the current key signs and is named in the header; any key of the ring verifies the token naming it', () => {
  const OLD = { private: SECRET, public: PUBLIC };
  const fresh = generateIdentityKeyPair();
  const NEW = { private: fresh.privateKey, public: fresh.publicKey };
  const before = createIdentitySigner(OLD.private)(alice, 'auth');
  assert.equal(headerOf(before).kid, undefined, 'a plain key signs without a key id');
  const after = createIdentitySigner(`k2:${NEW.private},${OLD.private}`)(alice, 'auth');
  assert.equal(headerOf(after).kid, 'k2');
  const verify = createIdentityVerifier(`k2:${NEW.public},${OLD.public}`, 'auth');
  assert.deepEqual(verify(before), alice, 'signed with the previous key');
  assert.deepEqual(verify(after), alice);
  assert.deepEqual(verify(before), alice, 'again (the header is now known)');
  const newOnly = createIdentityVerifier(`k2:${NEW.public}`, 'auth');
  assert.deepEqual(newOnly(after), alice);
  assert.throws(() => newOnly(before), /does not hold/, 'a removed key is refused');
  const pem = (key: string) => identityKeyPem({ id: 'default', secret: key }, 'private');
  // A token naming a key id the ring does not hold, even one signed with a key it does hold.
  const unknownKid = createSigner({ key: pem(NEW.private), ...IDENTITY_SIGN_OPTIONS, kid: 'k9' })({ adm: false, ban: false, ip: alice.ip, aud: 'auth' });
  assert.throws(() => verify(unknownKid), /does not hold/);
  // The id of one key on a token signed with another fails the signature check.
  const mislabelled = createSigner({ key: pem(OLD.private), ...IDENTITY_SIGN_OPTIONS, kid: 'k2' })({ adm: false, ban: false, ip: alice.ip, aud: 'auth' });
  assert.throws(() => verify(mislabelled), /signature/i);
  for (const garbage of [
    '',
    'abc',
    'e30.e30.',
    `${Buffer.from('"x"').toString('base64url')}.e30.x`,
    `${Buffer.from('{"kid":7}').toString('base64url')}.e30.x`,
  ]) {
    assert.throws(() => verify(garbage), Error, garbage);
  }
});
