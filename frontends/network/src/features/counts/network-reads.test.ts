import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isChangedByNetworkKey } from './network-reads.ts';

const ID = '6f1c0b7e-1c1f-4d6e-9a3b-2d5e8f9a0b1c';

test("a follow or block refreshes social's standings, the network lists, feeds, Discover and account stats, not the copies in the profile or the current user", () => {
  for (const key of [
    [`/api/network/users/${ID}`],
    [`/api/users/${ID}/following`],
    [`/api/users/${ID}/followers`, 'pages'],
    ['/api/users/blocked', 'pages'],
    ['/api/users/search?q=Ada'],
    ['/api/network/growth'],
    [`/api/network/following?ids=${ID}`],
    ['/api/activities?network=true&limit=20'],
    ['/api/activities?limit=10'],
    [`/api/users/${ID}/activities`],
    ['/api/account/stats'],
  ]) {
    assert.equal(isChangedByNetworkKey(key), true, key.join(' '));
  }
  for (const key of [[`/api/users/${ID}/profile`], ['/api/auth/user'], ['/api/priorities?limit=10'], ['/api/settings']]) {
    assert.equal(isChangedByNetworkKey(key), false, key.join(' '));
  }
});
