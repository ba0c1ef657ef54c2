// What a viewer may see of a profile: the owner and everyone (when public) see it all; others see
// only name and avatar of a private profile (spec 2.11 "profile visibility").
import type { TProfile, TProfileFields } from '@civic/contracts';

export type Visibility = 'public' | 'private';

export function toProfileView(profile: TProfileFields, viewerId: string, visibility: Visibility): TProfile {
  if (viewerId === profile.id || visibility === 'public') return { ...profile, isPrivate: false };
  return {
    id: profile.id,
    firstName: profile.firstName,
    lastName: profile.lastName,
    profileImageUrl: profile.profileImageUrl,
    isPrivate: true,
  };
}
