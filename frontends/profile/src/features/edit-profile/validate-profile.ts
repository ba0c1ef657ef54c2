// Client-side checks of the Edit Profile form: the server's own request schema (contracts/src/account/
// http.ts ZUpdateProfileRequest, spec 5 "Profile"), so its limits and messages are written once.
import { ZUpdateProfileRequest } from '@civic/contracts/account/http';

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
  'state',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** The form holds every field as text; empty means unset. */
export type ProfileForm = Record<ProfileField, string>;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

/** What PATCH /api/users/{id}/profile receives: empty text unsets, birthYear is a number or null. */
export type ProfileUpdate = Omit<ProfileForm, 'birthYear'> & { birthYear: number | null };

const isProfileField = (key: unknown): key is ProfileField => (PROFILE_FIELDS as readonly unknown[]).includes(key);

export function trimForm(form: ProfileForm): ProfileForm {
  return Object.fromEntries(PROFILE_FIELDS.map((field) => [field, form[field].trim()])) as ProfileForm;
}

/** Errors of a trimmed form, keyed by field (the first of each field's issues); an empty object means valid. */
export function validateProfile(form: ProfileForm): ProfileErrors {
  const result = ZUpdateProfileRequest.safeParse(form);
  const errors: ProfileErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isProfileField(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export function toUpdate(form: ProfileForm): ProfileUpdate {
  return { ...form, birthYear: form.birthYear ? Number(form.birthYear) : null };
}
