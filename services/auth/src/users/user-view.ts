// The user object of spec 3 from the auth service's read model. Profile fields, balance and counts
// arrive from the account, ledger and social services' events as those services land; until then
// they are empty and zero.
import type { TUser } from '@civic/contracts';
import type { User } from '../generated/prisma/client.ts';

export function toUserView(user: User): TUser {
  return {
    id: user.id,
    email: user.email,
    firstName: null,
    lastName: null,
    profileImageUrl: null,
    bio: null,
    location: null,
    birthYear: null,
    gender: null,
    occupation: null,
    website: null,
    twitterHandle: null,
    linkedinUrl: null,
    facebookUrl: null,
    instagramHandle: null,
    politicalCapital: 0,
    followers: 0,
    following: 0,
    recruited: 0,
    isAdmin: user.isAdmin,
    isBanned: user.isBanned,
    createdAt: user.createdAt.toISOString(),
  };
}
