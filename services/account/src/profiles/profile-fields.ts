// The profile fields of spec 3 from a stored row (wire shape, never the row itself).
import type { TProfileFields, TProfileState } from '@civic/contracts';
import type { ProfileRow } from './profile-row.ts';

export function toProfileFields(row: ProfileRow): TProfileFields {
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
