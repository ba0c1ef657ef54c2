import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readAuthCallback } from './read-auth-callback.ts';

test('reads error=auth_failed and a token', () => {
  assert.deepEqual(readAuthCallback('?error=auth_failed'), { authFailed: true, token: null, present: true });
  assert.deepEqual(readAuthCallback('?token=abc'), { authFailed: false, token: 'abc', present: true });
});

test('an address without the parameters needs nothing', () => {
  assert.deepEqual(readAuthCallback(''), { authFailed: false, token: null, present: false });
  assert.equal(readAuthCallback('?error=other').authFailed, false);
});
