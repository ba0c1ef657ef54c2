// The user object of spec section 3, as GET /api/auth/user answers it.
import { z } from 'zod';

export const GENDERS = ['male', 'female', 'non-binary', 'prefer-not-to-say'] as const;

export const ZUser = z.object({
  id: z.string().uuid(),
  email: z.string(),
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
  politicalCapital: z.number().int(),
  followers: z.number().int(),
  following: z.number().int(),
  recruited: z.number().int(),
  isAdmin: z.boolean(),
  isBanned: z.boolean(),
  createdAt: z.string().describe('ISO 8601 timestamp'),
});

export type TUser = z.infer<typeof ZUser>;
