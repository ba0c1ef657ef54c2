// The profile fields of spec 3 from a stored row (wire shape, never the Prisma model itself).
import type { TProfileFields, TProfileState } from '@civic/contracts';
import type { Profile } from '../generated/prisma/client.ts';

export function toProfileFields(row: Profile): TProfileFields {
  return {
    id: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    bio: row.bio,
    location: row.location,
    birthYear: row.birthYear,
    gender: row.gender,
    occupation: row.occupation,
    website: row.website,
    twitterHandle: row.twitterHandle,
    linkedinUrl: row.linkedinUrl,
    facebookUrl: row.facebookUrl,
    instagramHandle: row.instagramHandle,
    // The migration's CHECK holds it to the contract's codes.
    state: row.state as TProfileState,
  };
}
