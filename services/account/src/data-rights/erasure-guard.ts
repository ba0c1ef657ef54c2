// Deleted accounts stay deleted (the kit's erasure guard, services/kit/src/data-rights/
// erasure-guard.ts): writes for their ids are refused, whatever raced the deletion. Every write for
// a user holds the shared per-user lock, then checks the tombstone; the deletion takes the lock
// exclusively before it erases and writes the tombstone. So a write either commits before the
// deletion starts (and is erased with the rest) or sees the tombstone: a profile edit sent together
// with DELETE /api/account cannot bring the profile back.
import { erasureGuard, NotFound } from '@civic/service-kit';
import type { SqlExecutor } from '@civic/service-kit/events';

export const USER_NOT_FOUND = 'User not found';

/** The advisory lock space of "an account user" (two-key form: this class, hashtext(user id)). */
const ACCOUNT_USER_LOCK_CLASS = 0x41434331; // 'ACC1'

export const accountErasureGuard = erasureGuard('account', ACCOUNT_USER_LOCK_CLASS);

/**
 * For a write on behalf of a user: to the account service a deleted account is one that never
 * existed, so its resources answer 404 "User not found" rather than the guard's 401.
 */
export async function assertUserExists(tx: SqlExecutor, userId: string): Promise<void> {
  if (await accountErasureGuard.isDeletedUser(tx, userId)) throw new NotFound(USER_NOT_FOUND);
}
