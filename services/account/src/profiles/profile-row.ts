// A row of account.profiles as the code reads it: camelCase fields, updatedAt as a Date.
// PROFILE_COLUMNS is the SELECT (or RETURNING) list that gives this shape.
import type { TPublicProfileFields } from '@civic/contracts';

export interface ProfileRow extends TPublicProfileFields {
  /** The auth service's user id. */
  userId: string;
  /** US state or DC, two-letter code; null when not shared. */
  state: string | null;
  updatedAt: Date;
}

export const PROFILE_COLUMNS = `user_id::text AS "userId", first_name AS "firstName", last_name AS "lastName",
  profile_image_url AS "profileImageUrl", bio, location, birth_year AS "birthYear", gender, occupation, website,
  twitter_handle AS "twitterHandle", linkedin_url AS "linkedinUrl", facebook_url AS "facebookUrl",
  instagram_handle AS "instagramHandle", state, updated_at AS "updatedAt"`;
