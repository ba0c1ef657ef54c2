// Serialises every write to a user's account with the erasure of that account (as priorities does):
// a posting holds a shared per-user advisory lock for its transaction and then checks the
// tombstone; the erasure takes the same lock exclusively. So a posting either commits before the
// erasure starts (and is erased with the rest) or sees the tombstone and records nothing: a credit
// event or a debit that raced the deletion cannot leave an account behind.
import { lockUser } from '@civic/service-kit/db';
import type { SqlExecutor } from '@civic/service-kit/events';

/**
 * The advisory lock space of "a ledger account" (two-key form: this class, hashtext(user id)). The id
 * is cast to uuid first, so every spelling of it hashes alike, as it does in ledger.post_debit.
 */
export const ACCOUNT_LOCK_CLASS = 0x4c454431; // 'LED1'

export const lockUserShared = (tx: SqlExecutor, userId: string) => lockUser(tx, ACCOUNT_LOCK_CLASS, userId, 'shared');

export const lockUserExclusive = (tx: SqlExecutor, userId: string) => lockUser(tx, ACCOUNT_LOCK_CLASS, userId, 'exclusive');

export async function isErased(tx: SqlExecutor, userId: string): Promise<boolean> {
  const rows = await tx.$queryRawUnsafe<unknown[]>('SELECT 1 FROM ledger.erased_accounts WHERE user_id = $1::uuid', userId);
  return rows.length > 0;
}
