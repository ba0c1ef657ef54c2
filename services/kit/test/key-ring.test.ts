// Key rings (docs/key-rotation.md): the text IDENTITY_SIGNING_KEY, IDENTITY_PUBLIC_KEY, CSRF_SECRET and AUTH_CODE_KEY hold.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig, ZPlatformConfig } from '../src/config.ts';
import { generateIdentityKeyPair, publicIdentityRingText } from '../src/identity-keys.ts';
import { DEFAULT_KEY_ID, deriveKeyRing, keyById, keyOfMarked, keyRingProblem, markWithKeyId, parseKeyRing } from '../src/key-ring.ts';

const A = 'a'.repeat(32);
const B = 'b'.repeat(40);
const C = 'c'.repeat(33);

test('a plain value is one key, the default one: what it makes carries no id', () => {
  const ring = parseKeyRing(A);
  assert.deepEqual(ring.current, { id: DEFAULT_KEY_ID, secret: A });
  assert.deepEqual(ring.keys, [ring.current]);
  assert.equal(markWithKeyId(ring.current, 'hash'), 'hash');
});

test('a list names the current key first, then the keys still accepted; spaces around entries are ignored', () => {
  const ring = parseKeyRing(`k2:${B}, k1:${C} ,${A}`);
  assert.deepEqual(ring.current, { id: 'k2', secret: B });
  assert.deepEqual(
    ring.keys.map((key) => key.id),
    ['k2', 'k1', DEFAULT_KEY_ID],
  );
  assert.equal(keyById(ring, 'k1')?.secret, C);
  assert.equal(keyById(ring, undefined)?.secret, A, 'no id: the default key');
  assert.equal(keyById(ring, 'k9'), undefined);
  assert.equal(markWithKeyId(ring.current, 'hash'), 'k2.hash');
  // A key may itself contain ':' after its id (only the first one separates).
  assert.equal(parseKeyRing(`k3:${A}:x`).current.secret, `${A}:x`);
});

test('a marked value is read with the key it names, and only that key', () => {
  const ring = parseKeyRing(`k2:${B},${A}`);
  assert.deepEqual(keyOfMarked(ring, 'k2.hash'), { key: ring.current, value: 'hash' });
  assert.deepEqual(keyOfMarked(ring, 'hash'), { key: keyById(ring, undefined), value: 'hash' });
  assert.deepEqual(keyOfMarked(ring, 'k2.nonce.mac', 1), { key: ring.current, value: 'nonce.mac' });
  assert.deepEqual(keyOfMarked(ring, 'nonce.mac', 1)?.value, 'nonce.mac');
  assert.equal(keyOfMarked(ring, 'k9.hash'), undefined, 'an unknown id');
  assert.equal(keyOfMarked(ring, 'default.hash'), undefined, 'the default key is never named');
  assert.equal(keyOfMarked(ring, 'a.b.c'), undefined, 'too many dots');
  assert.equal(keyOfMarked(parseKeyRing(`k2:${B}`), 'hash'), undefined, 'no id and no default key in the ring');
});

test('derived rings keep the ids and bind each key to a purpose', () => {
  const ring = parseKeyRing(`k2:${B},${A}`);
  const derived = deriveKeyRing(ring, 'purpose');
  assert.deepEqual(
    derived.keys.map((key) => key.id),
    ['k2', DEFAULT_KEY_ID],
  );
  assert.notEqual(derived.current.secret, B);
  assert.notEqual(deriveKeyRing(ring, 'other').current.secret, derived.current.secret);
});

test('a bad ring is refused with a reason that never quotes a key or an id', () => {
  const cases: [string, RegExp][] = [
    ['short', /^must be at least 32 characters$/],
    ['', /^must be at least 32 characters$/],
    [`k2:${B},`, /entry 2 of 2 is empty/],
    [`k2:short,${A}`, /entry 1 of 2: the key must be at least 32 characters/],
    [`k 2:${B}`, /a key id \(before ':'\) must be 1-32 letters, digits/],
    [`k.2:${B}`, /a key id/],
    [`:${B}`, /a key id/],
    [`k2:${B},k2:${C}`, /entries 1 and 2 have the same key id/],
    [`${B},${C}`, /entries 1 and 2 both lack a key id/],
    [`default:${B},${C}`, /entries 1 and 2 both lack a key id/],
  ];
  for (const [value, reason] of cases) {
    const problem = keyRingProblem(value);
    assert.match(problem ?? 'accepted', reason, value);
    assert.ok(!problem!.includes(B) && !problem!.includes('k2') && !problem!.includes('short'), `no secret or id in: ${problem}`);
    assert.throws(
      () => parseKeyRing(value),
      (error: Error) => error.message === `Invalid key ring: ${problem}`,
    );
  }
  assert.equal(keyRingProblem(`k2:${B},k1:${C},${A}`), null);
});

test('the configuration names the variable whose ring is bad', () => {
  assert.throws(() => loadConfig(ZPlatformConfig, { CSRF_SECRET: `k2:${B},k2:${C}` }), /CSRF_SECRET: entries 1 and 2 have the same key id/);
  assert.throws(() => loadConfig(ZPlatformConfig, { IDENTITY_SIGNING_KEY: 'x'.repeat(31) }), /IDENTITY_SIGNING_KEY: must be at least 32 characters/);
  const [one, two] = [generateIdentityKeyPair(), generateIdentityKeyPair()];
  // Each identity variable holds keys of its own kind only (a public key cannot sign; SECURITY 33).
  assert.throws(
    () => loadConfig(ZPlatformConfig, { IDENTITY_SIGNING_KEY: `k2:${two.privateKey},k1:${one.publicKey}` }),
    /IDENTITY_SIGNING_KEY: entry 2 of 2 is not an Ed25519 private key/,
  );
  assert.throws(() => loadConfig(ZPlatformConfig, { IDENTITY_PUBLIC_KEY: one.privateKey }), /IDENTITY_PUBLIC_KEY: the key is not an Ed25519 public key/);
  assert.throws(() => loadConfig(ZPlatformConfig, { IDENTITY_PUBLIC_KEY: A }), /IDENTITY_PUBLIC_KEY: the key is not an Ed25519 public key/);
  const config = loadConfig(ZPlatformConfig, { IDENTITY_SIGNING_KEY: `k2:${two.privateKey},${one.privateKey}`, CSRF_SECRET: A });
  assert.equal(config.IDENTITY_SIGNING_KEY, `k2:${two.privateKey},${one.privateKey}`);
  assert.equal(
    publicIdentityRingText(config.IDENTITY_SIGNING_KEY!),
    `k2:${two.publicKey},${one.publicKey}`,
    'the public ring of a private one: same ids, same order',
  );
});
