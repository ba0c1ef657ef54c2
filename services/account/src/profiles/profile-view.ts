// What a viewer may see of a profile: the owner and everyone (when public) see it all, with the
// owner's standing; others see only name and avatar of a private profile (spec 2.11 "profile
// visibility"). The viewer's relation to the owner (follow, blocks) is on both (spec 2.10).
import type { TProfile, TProfileFields, TProfileRelation, TProfileStanding } from '@civic/contracts';

export type Visibility = 'public' | 'private';

export interface ProfileNetwork {
  standing: TProfileStanding;
  relation: TProfileRelation;
}

export function toProfileView(profile: TProfileFields, viewerId: string, visibility: Visibility, network: ProfileNetwork): TProfile {
  if (viewerId === profile.id || visibility === 'public') return { ...profile, ...network.standing, ...network.relation, isPrivate: false };
  return {
    id: profile.id,
    firstName: profile.firstName,
    lastName: profile.lastName,
    profileImageUrl: profile.profileImageUrl,
    ...network.relation,
    isPrivate: true,
  };
}
