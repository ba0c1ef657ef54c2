import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseKeyRing } from '@civic/service-kit';
import { issueKnownDevice, knownDeviceKey, knownDeviceUserId } from '../../src/sign-in/known-device.ts';
import { KNOWN_DEVICE_TTL_MS } from '../../src/sign-in/sign-in-policy.ts';

const key = knownDeviceKey(parseKeyRing('k'.repeat(32)));
const userId = '0b7c8a52-3f1e-4d7a-9c3b-2a6f1e9d4c11';
const now = new Date('2026-03-01T12:00:00Z');

test('a known-device cookie names its account for a year, and no longer', () => {
  const cookie = issueKnownDevice(key, userId, now);
  assert.equal(knownDeviceUserId(key, cookie, now), userId);
  assert.equal(knownDeviceUserId(key, cookie, new Date(now.getTime() + KNOWN_DEVICE_TTL_MS - 1)), userId);
  assert.equal(knownDeviceUserId(key, cookie, new Date(now.getTime() + KNOWN_DEVICE_TTL_MS)), null);
});

test('a forged, altered or foreign-key cookie names nobody', () => {
  const cookie = issueKnownDevice(key, userId, now);
  const [version, , issuedAt, mac] = cookie.split('.');
  const otherUser = '1b7c8a52-3f1e-4d7a-9c3b-2a6f1e9d4c11';
  for (const forged of [
    undefined,
    '',
    `${version}.${otherUser}.${issuedAt}.${mac}`,
    `${version}.${userId}.${Number(issuedAt) + 1}.${mac}`,
    `${cookie}.extra`,
    `d0.${userId}.${issuedAt}.${mac}`,
    issueKnownDevice(knownDeviceKey(parseKeyRing('j'.repeat(32))), userId, now),
  ]) {
    assert.equal(knownDeviceUserId(key, forged, now), null, String(forged));
  }
});

test('rotation: a cookie signed before it counts while its key is in the ring, and names its key after it', () => {
  const old = 'k'.repeat(32);
  const before = issueKnownDevice(knownDeviceKey(parseKeyRing(old)), userId, now);
  assert.match(before, /^d1\./, 'a plain key makes the cookie of before key ids');
  const rotated = knownDeviceKey(parseKeyRing(`k2:${'n'.repeat(32)},${old}`));
  assert.equal(knownDeviceUserId(rotated, before, now), userId, 'the old key, still in the ring, is accepted');
  const after = issueKnownDevice(rotated, userId, now);
  assert.match(after, /^k2\.d1\./, 'the current key signs and is named');
  assert.equal(knownDeviceUserId(rotated, after, now), userId);
  const newOnly = knownDeviceKey(parseKeyRing(`k2:${'n'.repeat(32)}`));
  assert.equal(knownDeviceUserId(newOnly, after, now), userId);
  assert.equal(knownDeviceUserId(newOnly, before, now), null, 'a removed key is refused');
  assert.equal(knownDeviceUserId(rotated, `k9.${before}`, now), null, 'an unknown key id is refused');
  assert.equal(knownDeviceUserId(rotated, `k2.${before}`, now), null, "the old key's signature under the new key's id fails");
});
