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

/** Spec 8 toasts of the profile screens (Edit Profile, and the name prompt of the page chrome). */
export const PROFILE_TOASTS = {
  updated: 'Profile Updated',
  updateFailed: 'Failed to update profile',
} as const;

/** The message depends on the year the value is checked in, so it is built per call. */
export const birthYearMessage = (year = new Date().getFullYear()) => `Birth year must be between 1900 and ${year}`;

// The rules behind those messages, shared by the server's schema and the browser's form checks.
export const TWITTER_HANDLE_PATTERN = /^[A-Za-z0-9_]+$/;
export const INSTAGRAM_HANDLE_PATTERN = /^[A-Za-z0-9._]+$/;
export const HANDLE_MAX_LENGTH = 50;
export const URL_MAX_LENGTH = 2048;
export const LINKEDIN_HOSTS = ['linkedin.com'] as const;
export const FACEBOOK_HOSTS = ['facebook.com', 'fb.com'] as const;

/** An absolute http(s) URL with a dotted host; `hosts` restricts it to one site and its subdomains. */
export function isHttpUrl(value: string, hosts?: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (!url.hostname.includes('.')) return false;
  const host = url.hostname.toLowerCase();
  return !hosts || hosts.some((h) => host === h || host.endsWith(`.${h}`));
}
