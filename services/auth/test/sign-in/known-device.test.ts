import assert from 'node:assert/strict';
import { test } from 'node:test';
import { issueKnownDevice, knownDeviceKey, knownDeviceUserId } from '../../src/sign-in/known-device.ts';
import { KNOWN_DEVICE_TTL_MS } from '../../src/sign-in/sign-in-policy.ts';

const key = knownDeviceKey('k'.repeat(32));
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
    issueKnownDevice(knownDeviceKey('j'.repeat(32)), userId, now),
  ]) {
    assert.equal(knownDeviceUserId(key, forged, now), null, String(forged));
  }
});
