// Profile texts of spec 5 "Profile", written once: the server's zod schemas and the front ends' forms
// both use them. Plain constants, no zod, so a browser bundle can import them at no cost.
export const GENDERS = ['male', 'female', 'non-binary', 'prefer-not-to-say'] as const;

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

/** The message depends on the year the value is checked in, so it is built per call. */
export const birthYearMessage = (year = new Date().getFullYear()) => `Birth year must be between 1900 and ${year}`;
