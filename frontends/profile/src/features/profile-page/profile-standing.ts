// A profile shows follow counts and the follow and block relation as social (their owner) answers
// them, once it has: account's copies of them trail social by an event.
import type { TProfile } from '@civic/contracts';
import type { TNetworkStanding } from '@civic/contracts/social/network';

export function withStanding<P extends TProfile>(profile: P, standing: TNetworkStanding | undefined): P {
  if (!standing || standing.userId !== profile.id) return profile;
  const relation = { isFollowing: standing.isFollowing, isBlocked: standing.isBlocked, isBlockedBy: standing.isBlockedBy };
  if (profile.isPrivate || standing.followers === null || standing.following === null) return { ...profile, ...relation };
  return { ...profile, ...relation, followers: standing.followers, following: standing.following };
}
