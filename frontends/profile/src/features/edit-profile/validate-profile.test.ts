import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PROFILE_MESSAGES, birthYearMessage } from '@civic/contracts/account/messages';
import { PROFILE_FIELDS, type ProfileForm, validateProfile } from './validate-profile.ts';

const EMPTY = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, ''])) as ProfileForm;
const form = (fields: Partial<ProfileForm>): ProfileForm => ({ ...EMPTY, firstName: 'Ada', ...fields });

test('a form with a first name and nothing else is valid', () => {
  assert.deepEqual(validateProfile(form({})), {});
  assert.deepEqual(validateProfile(form({ birthYear: '1990', twitterHandle: 'ada_l', website: 'https://ada.example.org' })), {});
});

test("the form shows the server's messages at the server's limits, one per field", () => {
  assert.deepEqual(validateProfile(form({ firstName: '' })), { firstName: PROFILE_MESSAGES.firstNameRequired });
  assert.deepEqual(validateProfile(form({ bio: 'x'.repeat(500) })), {});
  assert.deepEqual(validateProfile(form({ bio: 'x'.repeat(501) })), { bio: PROFILE_MESSAGES.bioTooLong });
  assert.deepEqual(validateProfile(form({ lastName: 'x'.repeat(101), location: 'x'.repeat(101) })), {
    lastName: PROFILE_MESSAGES.lastNameTooLong,
    location: PROFILE_MESSAGES.locationTooLong,
  });
  assert.deepEqual(validateProfile(form({ birthYear: '1899' })), { birthYear: birthYearMessage() });
  assert.deepEqual(validateProfile(form({ twitterHandle: 'x'.repeat(51) })), { twitterHandle: PROFILE_MESSAGES.twitterHandle });
  assert.deepEqual(validateProfile(form({ linkedinUrl: 'https://example.org/ada' })), { linkedinUrl: PROFILE_MESSAGES.linkedinUrl });
  assert.deepEqual(validateProfile(form({ gender: 'other' })), { gender: PROFILE_MESSAGES.gender });
});
