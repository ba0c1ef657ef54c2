// The public profile fields (spec 3 User, spec 2.15), declared once: the user object, the profile
// answers and the profile.updated event all carry them.
import { z } from 'zod';

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
