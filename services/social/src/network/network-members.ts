// Who the network can name: a citizen social knows from its members read model (a row per registered
// user, from civic.auth.user.registered; gone on erasure, and the tombstone keeps it gone). Each
// write about two users takes the erasure guard's shared lock of both (in id order, as every lock
// here is taken) and checks the tombstones after it, so an erasure either finishes first and the
// write answers 404, or waits for the write and then erases its edge with the rest.
import { AccountDeleted } from '@civic/service-kit';
import type { SqlDriver } from '@civic/service-kit/db';
import { socialErasureGuard } from '../data-rights/erasure-guard.ts';
import { NetworkUserNotFound } from '../errors.ts';

export interface MemberVisibility {
  profileVisibility: 'public' | 'private';
}

/** The member row of a user who is not deleted, or null. */
export async function findMember(tx: SqlDriver, userId: string): Promise<MemberVisibility | null> {
  const [row] = await tx.query<MemberVisibility>(
    `SELECT m.profile_visibility AS "profileVisibility" FROM social.members m
     WHERE m.user_id = $1::uuid AND NOT ${socialErasureGuard.deletedSql('$1')}`,
    [userId],
  );
  return row ?? null;
}

/**
 * For a write by `actorId` about `targetId`: holds both users' erasure locks (shared) for the
 * transaction; a deleted caller is signed out (401), a target social does not know is a 404.
 */
export async function guardPair(tx: SqlDriver, actorId: string, targetId: string): Promise<void> {
  for (const id of [actorId, targetId].sort()) await socialErasureGuard.lockShared(tx, id);
  const [row] = await tx.query<{ actorDeleted: boolean; targetKnown: boolean }>(
    `SELECT ${socialErasureGuard.deletedSql('$1')} AS "actorDeleted",
            EXISTS (SELECT 1 FROM social.members m WHERE m.user_id = $2::uuid) AND NOT ${socialErasureGuard.deletedSql('$2')} AS "targetKnown"`,
    [actorId, targetId],
  );
  if (row!.actorDeleted) throw new AccountDeleted();
  if (!row!.targetKnown) throw new NetworkUserNotFound();
}
