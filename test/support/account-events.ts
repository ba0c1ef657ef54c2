// Payloads of account's events for tests that publish them as the account service would.
import type { accountEvents, EventPayload } from '@civic/contracts';

/** A profile update naming the user, every other field empty, dated now unless said. */
export function profileUpdated(
  userId: string,
  names: { firstName: string; lastName: string | null },
  updatedAt: Date = new Date(),
): EventPayload<typeof accountEvents.ProfileUpdated> {
  return {
    userId,
    ...names,
    profileImageUrl: null,
    bio: null,
    location: null,
    birthYear: null,
    gender: null,
    occupation: null,
    website: null,
    twitterHandle: null,
    linkedinUrl: null,
    facebookUrl: null,
    instagramHandle: null,
    updatedAt: updatedAt.toISOString(),
  };
}
