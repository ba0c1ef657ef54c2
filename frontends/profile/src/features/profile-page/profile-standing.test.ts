import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TProfile } from '@civic/contracts';
import type { TNetworkStanding } from '@civic/contracts/social/network';
import { withStanding } from './profile-standing.ts';

const ID = '6f1c0b7e-1c1f-4d6e-9a3b-2d5e8f9a0b1c';
const names = { id: ID, firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: null };
const noRelation = { isFollowing: false, isBlocked: false, isBlockedBy: false };
const standing: TNetworkStanding = { userId: ID, followers: 4, following: 2, recruited: null, ...noRelation, isFollowing: true };

test("social's counts and relation replace account's copies on a public profile", () => {
  const profile = { ...names, isPrivate: false, politicalCapital: 10, followers: 3, following: 2, ...noRelation } as unknown as TProfile;
  assert.deepEqual(withStanding(profile, standing), { ...profile, followers: 4, isFollowing: true });
});

test('a private profile takes the relation only; no standing or another one changes nothing', () => {
  const profile = { ...names, isPrivate: true, ...noRelation } as TProfile;
  assert.deepEqual(withStanding(profile, { ...standing, followers: null, following: null }), { ...profile, isFollowing: true });
  assert.equal(withStanding(profile, undefined), profile);
  assert.equal(withStanding(profile, { ...standing, userId: 'someone-else' }), profile);
});
