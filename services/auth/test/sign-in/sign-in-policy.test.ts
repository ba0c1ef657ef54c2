import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ManualClock } from '@civic/service-kit';
import { isBurned, isExpired, normalizeEmail, resendWaitMs, SIGN_IN_TTL_MS } from '../../src/sign-in/sign-in-policy.ts';

test('expiry follows the injected clock: valid for 10 minutes, not a millisecond more', () => {
  const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
  const expiresAt = new Date(clock.now().getTime() + SIGN_IN_TTL_MS);
  clock.advance(SIGN_IN_TTL_MS - 1);
  assert.equal(isExpired(expiresAt, clock.now()), false);
  clock.advance(1);
  assert.equal(isExpired(expiresAt, clock.now()), true);
});

test('the resend cooldown is 30 seconds', () => {
  const sent = new Date('2026-01-01T00:00:00Z');
  assert.equal(resendWaitMs(null, sent), 0);
  assert.equal(resendWaitMs(sent, new Date(sent.getTime() + 1000)), 29_000);
  assert.equal(resendWaitMs(sent, new Date(sent.getTime() + 30_000)), 0);
});

test('a request burns at its fifth wrong code', () => {
  assert.deepEqual([0, 1, 4, 5, 6].map(isBurned), [false, false, false, true, true]);
});

test('addresses compare case-insensitively', () => {
  assert.equal(normalizeEmail('  Ann.Lee@Example.COM '), 'ann.lee@example.com');
});
