// account's erasure guard (services/kit/src/data-rights/erasure-guard.ts): a profile edit sent together
// with DELETE /api/account cannot bring the profile back.
import { erasureGuard, NotFound } from '@civic/service-kit';
import type { SqlDriver } from '@civic/service-kit/db';

export const USER_NOT_FOUND = 'User not found';

/** The advisory lock space of "an account user" (two-key form: this class, hashtext(user id)). */
const ACCOUNT_USER_LOCK_CLASS = 0x41434331; // 'ACC1'

export const accountErasureGuard = erasureGuard('account', ACCOUNT_USER_LOCK_CLASS);

/**
 * For a write on behalf of a user: to the account service a deleted account is one that never
 * existed, so its resources answer 404 "User not found" rather than the guard's 401.
 */
export async function assertUserExists(tx: SqlDriver, userId: string): Promise<void> {
  if (await accountErasureGuard.isDeletedUser(tx, userId)) throw new NotFound(USER_NOT_FOUND);
}
