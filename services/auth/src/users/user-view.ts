// The user object of spec 3 from the auth service's read model. Profile fields arrive from the
// account service's events, the balance from the ledger's and the network counts from the social
// service's.
import type { TApprovalStatus, TUser } from '@civic/contracts';
import type { UserRow } from './user-row.ts';

export function toUserView(user: UserRow): TUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    bio: user.bio,
    location: user.location,
    birthYear: user.birthYear,
    gender: user.gender,
    occupation: user.occupation,
    website: user.website,
    twitterHandle: user.twitterHandle,
    linkedinUrl: user.linkedinUrl,
    facebookUrl: user.facebookUrl,
    instagramHandle: user.instagramHandle,
    politicalCapital: user.politicalCapital,
    followers: user.followers,
    following: user.following,
    recruited: user.recruited,
    isAdmin: user.isAdmin,
    isBanned: user.isBanned,
    // The column's CHECK allows only APPROVAL_STATUSES.
    approvalStatus: user.approvalStatus as TApprovalStatus,
    createdAt: user.createdAt.toISOString(),
  };
}
