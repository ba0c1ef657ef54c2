// The caller's followers, following and recruits from social, their owner. Until social answers, the
// current user's copy (GET /api/auth/user, read at start) stands in, so the page shows at once.
import type { TNetworkStanding } from '@civic/contracts/social/network';
import type { CurrentUser } from '@civic/frontend-kit';
import { useQuery } from '@tanstack/react-query';
import { standingPath } from '../../api/network-paths.ts';

export interface OwnCounts {
  followers: number;
  following: number;
  recruited: number;
}

export function useOwnCounts(user: CurrentUser | null): OwnCounts | null {
  const standing = useQuery<TNetworkStanding>({ queryKey: [standingPath(user?.id ?? '')], enabled: user !== null });
  if (!user) return null;
  const own = standing.data;
  return { followers: own?.followers ?? user.followers, following: own?.following ?? user.following, recruited: own?.recruited ?? user.recruited };
}
