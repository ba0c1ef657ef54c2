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
};

test('the owner sees a private profile whole', () => {
  assert.deepEqual(toProfileView(profile, profile.id, 'private'), { ...profile, isPrivate: false });
});

test('anyone sees a public profile whole', () => {
  assert.deepEqual(toProfileView(profile, 'someone-else', 'public'), { ...profile, isPrivate: false });
});

test('others see only name and avatar of a private profile', () => {
  assert.deepEqual(toProfileView(profile, 'someone-else', 'private'), {
    id: profile.id,
    firstName: 'Ada',
    lastName: 'Lovelace',
    profileImageUrl: null,
    isPrivate: true,
  });
});
