import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_RECONNECT_DELAY_MS, reconnectDelayMs } from './live-reconnect.ts';

test('a refused live stream backs off from 5 s to one try a minute', () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6, 50].map(reconnectDelayMs), [5000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000]);
  assert.equal(reconnectDelayMs(0), 5000);
  assert.equal(MAX_RECONNECT_DELAY_MS, 60_000);
});
