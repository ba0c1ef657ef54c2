// civic.account.profile.updated → the row's names and image. An update older than the one held is
// skipped (as auth's copy does, services/auth/src/users/apply-profile-update.ts).
import type { accountEvents, EventPayload } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { upsertDirectoryRow } from './directory-writes.ts';

type ProfileNames = Pick<EventPayload<typeof accountEvents.ProfileUpdated>, 'userId' | 'firstName' | 'lastName' | 'profileImageUrl' | 'updatedAt'>;

export function applyProfile(tx: SqlDriver, p: ProfileNames): Promise<void> {
  return upsertDirectoryRow(
    tx,
    p.userId,
    {
      columns: ['first_name', 'last_name', 'profile_image_url', 'profile_updated_at'],
      values: ['$2', '$3', '$4', '$5::timestamptz'],
      update: `first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, profile_image_url = EXCLUDED.profile_image_url,
        profile_updated_at = EXCLUDED.profile_updated_at`,
      guard: 'd.profile_updated_at IS NULL OR d.profile_updated_at <= EXCLUDED.profile_updated_at',
    },
    p.firstName,
    p.lastName,
    p.profileImageUrl,
    p.updatedAt,
  );
}
