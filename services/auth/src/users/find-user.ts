// The signed-in user's row, read on every page load: plain SQL rather than Prisma on this hot path.
import type { AuthContext } from '../context.ts';
import type { User } from '../generated/prisma/client.ts';

interface UserRow {
  id: string;
  email: string;
  email_normalized: string;
  email_canonical: string | null;
  superseded_by: string | null;
  is_admin: boolean;
  is_banned: boolean;
  approval_status: string;
  standing_version: number;
  created_at: Date | string;
  last_sign_in_at: Date | string | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  bio: string | null;
  location: string | null;
  birth_year: number | null;
  gender: string | null;
  occupation: string | null;
  website: string | null;
  twitter_handle: string | null;
  linkedin_url: string | null;
  facebook_url: string | null;
  instagram_handle: string | null;
  profile_updated_at: Date | string | null;
  political_capital: number;
  political_capital_version: number;
  followers: number;
  following: number;
  recruited: number;
  network_counts_version: number;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const toDateOrNull = (value: Date | string | null) => (value === null ? null : toDate(value));

const SELECT_USER = `SELECT id, email, email_normalized, email_canonical, superseded_by, is_admin, is_banned, approval_status, standing_version, created_at, last_sign_in_at,
  first_name, last_name, profile_image_url, bio, location, birth_year, gender, occupation, website,
  twitter_handle, linkedin_url, facebook_url, instagram_handle, profile_updated_at, political_capital,
  political_capital_version, followers, following, recruited, network_counts_version
  FROM auth.users WHERE id = $1`;

export async function findUserById(ctx: AuthContext, id: string): Promise<User | null> {
  const [row] = await ctx.db.query<UserRow>(SELECT_USER, [id]);
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    emailNormalized: row.email_normalized,
    emailCanonical: row.email_canonical,
    supersededBy: row.superseded_by,
    isAdmin: row.is_admin,
    isBanned: row.is_banned,
    approvalStatus: row.approval_status,
    standingVersion: row.standing_version,
    createdAt: toDate(row.created_at),
    lastSignInAt: toDateOrNull(row.last_sign_in_at),
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: row.profile_image_url,
    bio: row.bio,
    location: row.location,
    birthYear: row.birth_year,
    gender: row.gender,
    occupation: row.occupation,
    website: row.website,
    twitterHandle: row.twitter_handle,
    linkedinUrl: row.linkedin_url,
    facebookUrl: row.facebook_url,
    instagramHandle: row.instagram_handle,
    profileUpdatedAt: toDateOrNull(row.profile_updated_at),
    politicalCapital: row.political_capital,
    politicalCapitalVersion: row.political_capital_version,
    followers: row.followers,
    following: row.following,
    recruited: row.recruited,
    networkCountsVersion: row.network_counts_version,
  };
}
