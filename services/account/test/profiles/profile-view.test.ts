// Who sees what of a profile (unit test of the pure rule).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toProfileView } from '../../src/profiles/profile-view.ts';

const profile = {
  id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
  bio: 'Analyst',
  location: 'London',
  birthYear: 1990,
  gender: 'female',
  occupation: 'Mathematician',
  website: 'https://ada.example.com',
  twitterHandle: 'ada',
  linkedinUrl: null,
  facebookUrl: null,
  instagramHandle: null,
  state: 'OH' as const,
};

const standing = { politicalCapital: 42, followers: 7, following: 3 };
const relation = { isFollowing: true, isBlocked: false, isBlockedBy: true };
const network = { standing, relation };

test('the owner sees a private profile whole, with the standing', () => {
  assert.deepEqual(toProfileView(profile, profile.id, 'private', network), { ...profile, ...standing, ...relation, isPrivate: false });
});

test('anyone sees a public profile whole, with the standing and their relation to the owner', () => {
  assert.deepEqual(toProfileView(profile, 'someone-else', 'public', network), { ...profile, ...standing, ...relation, isPrivate: false });
});

test('others see only name, avatar and their relation on a private profile, never the standing', () => {
  assert.deepEqual(toProfileView(profile, 'someone-else', 'private', network), {
    id: profile.id,
    firstName: 'Ada',
    lastName: 'Lovelace',
    profileImageUrl: null,
    ...relation,
    isPrivate: true,
  });
});
