// Payloads of the owners' events the users directory keeps (account's names, the ledger's balance,
// social's follower count), for tests that publish or deliver them as those services would.
import { randomUUID } from 'node:crypto';
import { profileUpdated } from '../../../../test/support/account-events.ts';

/** A profile update with names and an image (the directory shows both), dated as said. */
export const profileOf = (userId: string, firstName: string, lastName: string, updatedAt: string) => ({
  ...profileUpdated(userId, { firstName, lastName }, new Date(updatedAt)),
  profileImageUrl: `https://img.example/${firstName}.png`,
});

export const balanceOf = (userId: string, balance: number, version: number) => ({
  userId,
  balance,
  version,
  entryId: randomUUID(),
  amount: balance,
  kind: 'daily_login' as const,
  changedAt: new Date().toISOString(),
});

export const countsOf = (userId: string, followers: number, version: number) => ({
  userId,
  followers,
  following: 0,
  recruited: 0,
  version,
  changedAt: new Date().toISOString(),
});
