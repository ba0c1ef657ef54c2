// Events the account service publishes.
import { z } from 'zod';
import { defineEvent } from './define-event.ts';

/** The public profile fields after an edit; other services keep author names and avatars from it. */
export const ProfileUpdated = defineEvent(
  'civic.account.profile.updated',
  1,
  z.object({
    userId: z.string().uuid(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    location: z.string().nullable(),
    occupation: z.string().nullable(),
    bio: z.string().nullable(),
    birthYear: z.number().int().nullable(),
    gender: z.string().nullable(),
    website: z.string().nullable(),
    twitterHandle: z.string().nullable(),
    linkedinUrl: z.string().nullable(),
    facebookUrl: z.string().nullable(),
    instagramHandle: z.string().nullable(),
    /** When the edit was committed: consumers ignore an update older than the one they hold. */
    updatedAt: z.string(),
  }),
);

export const ACCOUNT_EVENTS = [ProfileUpdated] as const;
