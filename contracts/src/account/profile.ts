// The public profile fields (spec 3 User, spec 2.15), declared once: the user object, the profile
// answers and the profile.updated event all carry them.
import { z } from 'zod';
import { US_STATE_CODES, US_STATE_MESSAGE } from './us-states.ts';

export const ZPublicProfileFields = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  birthYear: z.number().int().nullable(),
  gender: z.string().nullable(),
  occupation: z.string().nullable(),
  website: z.string().nullable(),
  twitterHandle: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  facebookUrl: z.string().nullable(),
  instagramHandle: z.string().nullable(),
});
export type TPublicProfileFields = z.infer<typeof ZPublicProfileFields>;

/**
 * The citizen's US state or DC, optional (null: not shared). Not one of the spec's user
 * fields, so not in ZPublicProfileFields (nor in GET /api/auth/user): the profile answers, the
 * profile.updated event and the export carry it beside them. The agenda by state counts it only on
 * a public profile (docs/ranking.md section 7).
 */
export const ZUsStateCode = z.enum(US_STATE_CODES, { error: US_STATE_MESSAGE });
export const ZProfileState = ZUsStateCode.nullable();
export type TProfileState = z.infer<typeof ZProfileState>;
