// Deleted accounts stay deleted: writes for their ids are refused, whatever raced the deletion.
// Every write for a user holds a shared per-user advisory lock for its transaction, then checks the
// tombstone; the deletion takes the same lock exclusively before it erases and writes the tombstone.
// So a write either commits before the deletion starts (and is erased with the rest) or sees the
// tombstone: a profile edit sent together with DELETE /api/account cannot bring the profile back.
import { NotFound } from '@civic/service-kit';
import { lockUser } from '@civic/service-kit/db';
import type { SqlExecutor } from '@civic/service-kit/events';

export const USER_NOT_FOUND = 'User not found';

/** The advisory lock space of "an account user" (two-key form: this class, hashtext(user id)). */
const ACCOUNT_USER_LOCK_CLASS = 0x41434331; // 'ACC1'

/** Taken by the deletion, before anything of the user is erased. */
export const lockUserForDeletion = (tx: SqlExecutor, userId: string) => lockUser(tx, ACCOUNT_USER_LOCK_CLASS, userId, 'exclusive');

/** For a write on behalf of a user (shared lock held, then the tombstone read): has the account been deleted? */
export async function isDeletedUser(tx: SqlExecutor, userId: string): Promise<boolean> {
  await lockUser(tx, ACCOUNT_USER_LOCK_CLASS, userId, 'shared');
  const rows = await tx.$queryRawUnsafe<unknown[]>('SELECT 1 FROM account.deleted_users WHERE user_id = $1::uuid', userId);
  return rows.length > 0;
}

/** For a write on behalf of a user: a deleted account answers as if it never existed. */
export async function assertNotDeleted(tx: SqlExecutor, userId: string): Promise<void> {
  if (await isDeletedUser(tx, userId)) throw new NotFound(USER_NOT_FOUND);
}
