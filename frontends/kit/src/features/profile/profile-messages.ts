// Profile texts of spec 5 "Profile" and spec 8, verbatim. PROFILE_MESSAGES is a copy of
// contracts/src/http/account.ts PROFILE_MESSAGES (the front ends do not bundle zod): keep them identical.
export const GENDERS = ['male', 'female', 'non-binary', 'prefer-not-to-say'] as const;
export type Gender = (typeof GENDERS)[number];

export const PROFILE_MESSAGES = {
  userNotFound: 'User not found',
  firstNameRequired: 'First name is required',
  firstNameTooLong: 'First name must be 100 characters or less',
  lastNameTooLong: 'Last name must be 100 characters or less',
  bioTooLong: 'Bio must be 500 characters or less',
  locationTooLong: 'Location must be 100 characters or less',
  occupationTooLong: 'Occupation must be 100 characters or less',
  gender: `Gender must be one of ${GENDERS.join(', ')}`,
  website: 'Must be a valid URL',
  twitterHandle: 'Invalid Twitter handle',
  linkedinUrl: 'Must be a valid LinkedIn URL',
  facebookUrl: 'Must be a valid Facebook URL',
  instagramHandle: 'Invalid Instagram handle',
  notOwner: 'You can only edit your own profile',
} as const;

/** The message depends on the current year, so it is built per call (same as the server's). */
export const birthYearMessage = (year = new Date().getFullYear()) => `Birth year must be between 1900 and ${year}`;

/** Spec 8 toasts of the profile screens. */
export const PROFILE_TOASTS = {
  updated: 'Profile Updated',
  updateFailed: 'Failed to update profile',
} as const;

/** The read and write address of a profile; also its query key (spec 7.1: the key is the path). */
export const profilePath = (userId: string) => `/api/users/${encodeURIComponent(userId)}/profile`;
