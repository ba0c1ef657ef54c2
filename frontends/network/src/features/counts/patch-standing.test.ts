import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TNetworkStanding } from '@civic/contracts/social/network';
import { patchStanding } from './patch-standing.ts';

const standing: TNetworkStanding = {
  userId: '6f1c0b7e-1c1f-4d6e-9a3b-2d5e8f9a0b1c',
  followers: 2,
  following: 5,
  recruited: null,
  isFollowing: false,
  isBlocked: false,
  isBlockedBy: false,
};

test("the answer's values replace the cached ones", () => {
  assert.deepEqual(patchStanding(standing, { isFollowing: true, followers: 3 }), { ...standing, isFollowing: true, followers: 3 });
});

test('a count the viewer is not shown stays hidden', () => {
  const hidden = { ...standing, followers: null, following: null };
  assert.deepEqual(patchStanding(hidden, { isFollowing: true, followers: 3 }), { ...hidden, isFollowing: true });
  assert.deepEqual(patchStanding(standing, { recruited: 1 }), standing);
});
