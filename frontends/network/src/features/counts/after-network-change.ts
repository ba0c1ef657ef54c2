// What a follow or block changes on screen right away, without a reload: the caller's counts (GET
// /api/auth/user: the network tiles, the dashboard's Your Network, the profile's own stats), the other
// citizen's profile (follow state, block state, followers) and every list that shows the network.
import type { TProfile } from '@civic/contracts';
import { apiRequestJson, CURRENT_USER_QUERY_KEY, type CurrentUser, fetchCurrentUser, queryClient } from '@civic/frontend-kit';
import { profilePath } from '../../api/network-paths.ts';
import { isChangedByNetwork } from './network-reads.ts';
import { settleCachedRead } from './settle-cached-read.ts';

type CountsPatch = Partial<Pick<CurrentUser, 'followers' | 'following'>>;
type ProfilePatch = Partial<Record<'isFollowing' | 'isBlocked' | 'followers', boolean | number>>;

async function settleCurrentUser(patch: CountsPatch): Promise<void> {
  await queryClient.cancelQueries({ queryKey: CURRENT_USER_QUERY_KEY });
  await settleCachedRead<CurrentUser>({
    read: () => queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_QUERY_KEY) ?? undefined,
    write: (user) => queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user),
    fetch: async () => {
      const user = await fetchCurrentUser();
      if (!user) throw new Error('Signed out');
      return user;
    },
    patch,
  });
}

async function settleProfile(userId: string, patch: ProfilePatch): Promise<void> {
  const key = [profilePath(userId)];
  // Nobody shows this profile: nothing to patch, and the next visit reads it anyway.
  if (!queryClient.getQueryData(key)) return queryClient.removeQueries({ queryKey: key });
  await queryClient.cancelQueries({ queryKey: key });
  await settleCachedRead<TProfile>({
    read: () => queryClient.getQueryData<TProfile>(key),
    write: (profile) => queryClient.setQueryData(key, profile),
    fetch: () => apiRequestJson<TProfile>('GET', key[0]!),
    patch: patch as Partial<TProfile>,
  });
}

export interface NetworkChange {
  /** The other citizen. */
  userId: string;
  /** The caller's counts after the change (from the answer). */
  counts: CountsPatch;
  /** The other citizen's profile after the change, as far as the answer tells. */
  profile: ProfilePatch;
}

/** Applies a change's answer at once, then reads everything it touched again. Never throws. */
export async function afterNetworkChange({ userId, counts, profile }: NetworkChange): Promise<void> {
  await Promise.allSettled([settleCurrentUser(counts), settleProfile(userId, profile), queryClient.invalidateQueries({ predicate: isChangedByNetwork })]);
}
