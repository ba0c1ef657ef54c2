// A row of auth.users as the code reads it: camelCase fields, timestamps as Dates. USER_COLUMNS is
// the SELECT list that gives this shape (aliases of the snake_case columns).
import type { TPublicProfileFields } from '@civic/contracts';

/** With the public profile fields auth keeps a copy of (account owns them). */
export interface UserRow extends TPublicProfileFields {
  id: string;
  /** The address as the account holder typed it at sign-up (trimmed, lower-cased): mailed and shown. */
  email: string;
  emailNormalized: string;
  /** The account's key; null only on an account superseded by an older one of the same mailbox. */
  emailCanonical: string | null;
  supersededBy: string | null;
  isAdmin: boolean;
  isBanned: boolean;
  approvalStatus: string;
  standingVersion: number;
  createdAt: Date;
  lastSignInAt: Date | null;
  profileUpdatedAt: Date | null;
  politicalCapital: number;
  politicalCapitalVersion: number;
  followers: number;
  following: number;
  recruited: number;
  networkCountsVersion: number;
}

export const USER_COLUMNS = `id::text AS id, email, email_normalized AS "emailNormalized", email_canonical AS "emailCanonical",
  superseded_by::text AS "supersededBy", is_admin AS "isAdmin", is_banned AS "isBanned", approval_status AS "approvalStatus",
  standing_version AS "standingVersion", created_at AS "createdAt", last_sign_in_at AS "lastSignInAt",
  first_name AS "firstName", last_name AS "lastName", profile_image_url AS "profileImageUrl", bio, location,
  birth_year AS "birthYear", gender, occupation, website, twitter_handle AS "twitterHandle", linkedin_url AS "linkedinUrl",
  facebook_url AS "facebookUrl", instagram_handle AS "instagramHandle", profile_updated_at AS "profileUpdatedAt",
  political_capital AS "politicalCapital", political_capital_version AS "politicalCapitalVersion", followers, following,
  recruited, network_counts_version AS "networkCountsVersion"`;
