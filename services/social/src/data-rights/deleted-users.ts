// Deleted accounts stay deleted in social: an event about one that arrives after the erasure (from
// a producer whose stream has no order with account's) records nothing. Consumers run side by side,
// so the check alone is not enough: a vote's activity that found no marker could commit after the
// erasure deleted the user's rows. Every write about a user therefore holds a shared per-user
// advisory lock for its transaction and checks the marker after taking it; the erasure (and the
// owner's "clear activity history") take the lock exclusively, so each write either commits before
// them, and is erased with the rest, or comes after and sees the marker.
import { lockUser } from '@civic/service-kit/db';
import type { SqlExecutor } from '@civic/service-kit/events';

/** The advisory lock space of "a social user" (two-key form: this class, hashtext(user id)). */
const SOCIAL_USER_LOCK_CLASS = 0x534f4331; // 'SOC1'

/** Before any write about the user (an activity, their member row). */
export const lockUserShared = (tx: SqlExecutor, userId: string) => lockUser(tx, SOCIAL_USER_LOCK_CLASS, userId, 'shared');

/** Before erasing the user's rows, or clearing their activity history. */
export const lockUserExclusive = (tx: SqlExecutor, userId: string) => lockUser(tx, SOCIAL_USER_LOCK_CLASS, userId, 'exclusive');

/** For a write about a user: takes the shared lock, then reads the erasure marker. */
export async function isDeletedUser(tx: SqlExecutor, userId: string): Promise<boolean> {
  await lockUserShared(tx, userId);
  const rows = await tx.$queryRawUnsafe<unknown[]>('SELECT 1 FROM social.deleted_users WHERE user_id = $1::uuid', userId);
  return rows.length > 0;
}
