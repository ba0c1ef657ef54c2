// Client-side checks of the Edit Profile form: the same rules and messages as the server's
// (contracts/src/http/account.ts ZUpdateProfileRequest, spec 5 "Profile").
import {
  birthYearMessage,
  FACEBOOK_HOSTS,
  GENDERS,
  HANDLE_MAX_LENGTH,
  INSTAGRAM_HANDLE_PATTERN,
  isHttpUrl,
  LINKEDIN_HOSTS,
  PROFILE_MESSAGES,
  TWITTER_HANDLE_PATTERN,
  URL_MAX_LENGTH,
} from '@civic/frontend-kit';

export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'bio',
  'location',
  'birthYear',
  'gender',
  'occupation',
  'website',
  'twitterHandle',
  'linkedinUrl',
  'facebookUrl',
  'instagramHandle',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** The form holds every field as text; empty means unset. */
export type ProfileForm = Record<ProfileField, string>;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

/** What PATCH /api/users/{id}/profile receives: empty text unsets, birthYear is a number or null. */
export type ProfileUpdate = Omit<ProfileForm, 'birthYear'> & { birthYear: number | null };

const urlError = (value: string, message: string, hosts?: readonly string[]) =>
  value.length > URL_MAX_LENGTH || !isHttpUrl(value, hosts) ? message : undefined;

const handleError = (value: string, pattern: RegExp, message: string) =>
  value.length > HANDLE_MAX_LENGTH || !pattern.test(value) ? message : undefined;

const tooLong = (value: string, max: number, message: string) => (value.length > max ? message : undefined);

export function trimForm(form: ProfileForm): ProfileForm {
  return Object.fromEntries(PROFILE_FIELDS.map((field) => [field, form[field].trim()])) as ProfileForm;
}

/** Errors of a trimmed form, keyed by field; an empty object means valid. */
export function validateProfile(form: ProfileForm, currentYear = new Date().getFullYear()): ProfileErrors {
  const errors: ProfileErrors = {};
  const check = (field: ProfileField, message: string | undefined) => {
    if (message) errors[field] = message;
  };
  if (!form.firstName) errors.firstName = PROFILE_MESSAGES.firstNameRequired;
  else check('firstName', tooLong(form.firstName, 100, PROFILE_MESSAGES.firstNameTooLong));
  check('lastName', tooLong(form.lastName, 100, PROFILE_MESSAGES.lastNameTooLong));
  check('bio', tooLong(form.bio, 500, PROFILE_MESSAGES.bioTooLong));
  check('location', tooLong(form.location, 100, PROFILE_MESSAGES.locationTooLong));
  check('occupation', tooLong(form.occupation, 100, PROFILE_MESSAGES.occupationTooLong));
  if (form.birthYear) {
    const year = /^\d+$/.test(form.birthYear) ? Number(form.birthYear) : NaN;
    if (!(Number.isInteger(year) && year >= 1900 && year <= currentYear)) errors.birthYear = birthYearMessage(currentYear);
  }
  if (form.gender && !(GENDERS as readonly string[]).includes(form.gender)) errors.gender = PROFILE_MESSAGES.gender;
  if (form.website) check('website', urlError(form.website, PROFILE_MESSAGES.website));
  if (form.twitterHandle) check('twitterHandle', handleError(form.twitterHandle, TWITTER_HANDLE_PATTERN, PROFILE_MESSAGES.twitterHandle));
  if (form.linkedinUrl) check('linkedinUrl', urlError(form.linkedinUrl, PROFILE_MESSAGES.linkedinUrl, LINKEDIN_HOSTS));
  if (form.facebookUrl) {
    check('facebookUrl', urlError(form.facebookUrl, PROFILE_MESSAGES.facebookUrl, FACEBOOK_HOSTS));
  }
  if (form.instagramHandle) {
    check('instagramHandle', handleError(form.instagramHandle, INSTAGRAM_HANDLE_PATTERN, PROFILE_MESSAGES.instagramHandle));
  }
  return errors;
}

export function toUpdate(form: ProfileForm): ProfileUpdate {
  return { ...form, birthYear: form.birthYear ? Number(form.birthYear) : null };
}
