// Keeps auth's copy of a user's profile fields (for GET /api/auth/user) from
// civic.account.profile.updated. Runs in the consumer's transaction. An update older than the one
// held is skipped, so a redelivery that overtakes a newer edit cannot roll the names back.
import type { accountEvents, EventPayload } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';

type ProfileUpdate = EventPayload<typeof accountEvents.ProfileUpdated>;

export async function applyProfileUpdate(tx: SqlDriver, p: ProfileUpdate): Promise<void> {
  await tx.execute(
    `UPDATE auth.users SET first_name = $2, last_name = $3, profile_image_url = $4, bio = $5, location = $6,
       birth_year = $7, gender = $8, occupation = $9, website = $10, twitter_handle = $11, linkedin_url = $12,
       facebook_url = $13, instagram_handle = $14, profile_updated_at = $15::timestamptz
     WHERE id = $1::uuid AND (profile_updated_at IS NULL OR profile_updated_at <= $15::timestamptz)`,
    [
      p.userId,
      p.firstName,
      p.lastName,
      p.profileImageUrl,
      p.bio,
      p.location,
      p.birthYear,
      p.gender,
      p.occupation,
      p.website,
      p.twitterHandle,
      p.linkedinUrl,
      p.facebookUrl,
      p.instagramHandle,
      p.updatedAt,
    ],
  );
}
