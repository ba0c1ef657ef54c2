// The counts of the Settings screen's "Data & Storage" section (spec 3 "Account stats").
import type { TAccountStats } from '@civic/contracts';

/**
 * Priorities, briefing documents, activities, votes and follows are owned by services that do not
 * exist yet; the account service has received none of their events, so for every user each count it
 * can honestly give is 0. When those services land, this function counts the read models their
 * events feed (one per count) instead of starting from zero.
 */
export async function countAccountData(_userId: string): Promise<TAccountStats> {
  return {
    prioritiesCount: 0,
    briefingDocsCount: 0,
    activitiesCount: 0,
    votesCount: 0,
    followersCount: 0,
    followingCount: 0,
  };
}
