// Profile texts: spec 5 "Profile" messages come from contracts (the server validates with the same
// ones); spec 8 toasts of the profile screens are here.
import type { GENDERS } from '@civic/contracts/messages/profile';

export {
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
} from '@civic/contracts/messages/profile';
export type Gender = (typeof GENDERS)[number];

/** Spec 8 toasts of the profile screens. */
export const PROFILE_TOASTS = {
  updated: 'Profile Updated',
  updateFailed: 'Failed to update profile',
} as const;

/** The read and write address of a profile; also its query key (spec 7.1: the key is the path). */
export const profilePath = (userId: string) => `/api/users/${encodeURIComponent(userId)}/profile`;
