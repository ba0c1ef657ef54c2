// Keeps social's read model of members (names, avatar, activity and profile visibility) from auth's and
// account's events, in the consumer's transaction. Events from different producers come in no
// particular order, so each one creates the row if it is missing; an update older than the one held
// is skipped (a redelivery that overtakes a newer edit cannot roll it back); a deleted account's id
// gets no row again, under the per-user lock of data-rights/erasure-guard.ts.
import type { accountEvents, EventPayload } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { socialErasureGuard } from '../data-rights/erasure-guard.ts';

const NOT_DELETED = `NOT ${socialErasureGuard.deletedSql('$1')}`;

/** civic.auth.user.registered: the member exists, public until they say otherwise. */
export async function addMember(tx: SqlDriver, userId: string): Promise<void> {
  await socialErasureGuard.lockShared(tx, userId);
  await tx.execute(`INSERT INTO social.members (user_id) SELECT $1::uuid WHERE ${NOT_DELETED} ON CONFLICT DO NOTHING`, [userId]);
}

/** civic.account.profile.updated: the names and avatar a feed shows. */
export async function applyProfileUpdate(tx: SqlDriver, p: EventPayload<typeof accountEvents.ProfileUpdated>): Promise<void> {
  await socialErasureGuard.lockShared(tx, p.userId);
  await tx.execute(
    `INSERT INTO social.members AS m (user_id, first_name, last_name, profile_image_url, profile_updated_at)
     SELECT $1::uuid, $2::text, $3::text, $4::text, $5::timestamptz WHERE ${NOT_DELETED}
     ON CONFLICT (user_id) DO UPDATE SET
       first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
       profile_image_url = EXCLUDED.profile_image_url, profile_updated_at = EXCLUDED.profile_updated_at
     WHERE m.profile_updated_at IS NULL OR m.profile_updated_at <= EXCLUDED.profile_updated_at`,
    [p.userId, p.firstName, p.lastName, p.profileImageUrl, p.updatedAt],
  );
}

/**
 * civic.account.privacy.changed: whether others may see the member's activity, and their profile
 * (a private profile's follower and following lists are the owner's only). Other citizens' follow
 * activities name them again, or no more, as social.follow_description says (SECURITY 31). The
 * member's network state row is locked first, as every follow of them locks it before its activity
 * is written: a follow racing this change is rewritten here or reads the new visibility itself.
 */
export async function applyPrivacyChange(tx: SqlDriver, p: EventPayload<typeof accountEvents.PrivacyChanged>): Promise<void> {
  await socialErasureGuard.lockShared(tx, p.userId);
  await tx.execute(`INSERT INTO social.user_network (user_id) SELECT $1::uuid WHERE ${NOT_DELETED} ON CONFLICT DO NOTHING`, [p.userId]);
  await tx.query('SELECT 1 FROM social.user_network WHERE user_id = $1::uuid FOR UPDATE', [p.userId]);
  await tx.execute(
    `INSERT INTO social.members AS m (user_id, activity_visibility, profile_visibility, privacy_changed_at)
     SELECT $1::uuid, $2::text, $4::text, $3::timestamptz WHERE ${NOT_DELETED}
     ON CONFLICT (user_id) DO UPDATE SET
       activity_visibility = EXCLUDED.activity_visibility, profile_visibility = EXCLUDED.profile_visibility,
       privacy_changed_at = EXCLUDED.privacy_changed_at
     WHERE m.privacy_changed_at IS NULL OR m.privacy_changed_at <= EXCLUDED.privacy_changed_at`,
    [p.userId, p.activityVisibility, p.changedAt, p.profileVisibility],
  );
  await tx.execute(
    `UPDATE social.activities a SET description = social.follow_description(a.subject_id)
     WHERE a.type = 'follow' AND a.subject_id = $1::uuid AND a.description IS DISTINCT FROM social.follow_description(a.subject_id)`,
    [p.userId],
  );
}
