// Client-side checks of the Edit Profile form: the same rules and messages as the server's
// (contracts/src/http/account.ts ZUpdateProfileRequest, spec 5 "Profile").
import { birthYearMessage, GENDERS, PROFILE_MESSAGES } from '@civic/frontend-kit';

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

function isHttpUrl(value: string, hosts?: readonly string[]): boolean {
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

const urlError = (value: string, message: string, hosts?: readonly string[]) =>
  value.length > 2048 || !isHttpUrl(value, hosts) ? message : undefined;

const handleError = (value: string, pattern: RegExp, message: string) =>
  value.length > 50 || !pattern.test(value) ? message : undefined;

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
  if (form.twitterHandle) check('twitterHandle', handleError(form.twitterHandle, /^[A-Za-z0-9_]+$/, PROFILE_MESSAGES.twitterHandle));
  if (form.linkedinUrl) check('linkedinUrl', urlError(form.linkedinUrl, PROFILE_MESSAGES.linkedinUrl, ['linkedin.com']));
  if (form.facebookUrl) {
    check('facebookUrl', urlError(form.facebookUrl, PROFILE_MESSAGES.facebookUrl, ['facebook.com', 'fb.com']));
  }
  if (form.instagramHandle) {
    check('instagramHandle', handleError(form.instagramHandle, /^[A-Za-z0-9._]+$/, PROFILE_MESSAGES.instagramHandle));
  }
  return errors;
}

export function toUpdate(form: ProfileForm): ProfileUpdate {
  return { ...form, birthYear: form.birthYear ? Number(form.birthYear) : null };
}
