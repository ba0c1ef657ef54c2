// The browser tests' run-or-skip decision (chromium-plan.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chromiumSkip } from './chromium-plan.ts';

test('Chromium present: the browser tests run, in CI or not', () => {
  assert.equal(chromiumSkip({ path: '/usr/bin/chromium', exists: true, ci: false }), false);
  assert.equal(chromiumSkip({ path: '/usr/bin/chromium', exists: true, ci: true }), false);
});

test('Chromium missing outside CI: skipped, and the reason names the path and how to install it', () => {
  const reason = chromiumSkip({ path: '/opt/none/chromium', exists: false, ci: false });
  assert.ok(typeof reason === 'string' && reason.includes('/opt/none/chromium') && reason.includes('install-test-prerequisites.sh'), String(reason));
});

test('Chromium missing with CI=true: a failure, not a skip', () => {
  assert.throws(() => chromiumSkip({ path: '/opt/none/chromium', exists: false, ci: true }), /CI=true requires the browser tests.*\/opt\/none\/chromium/);
});
