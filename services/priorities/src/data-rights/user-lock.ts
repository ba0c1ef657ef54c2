// Serialises a user's writes with the erasure of their account. Every write (create, vote, removal)
// holds a shared per-user advisory lock for its transaction, then checks the tombstone; the erasure
// takes the same lock exclusively. So a write either commits before the erasure starts (and is
// erased with the rest) or sees the tombstone and records nothing: a session that raced the
// deletion cannot leave a vote or a priority behind (docs/protocols/account-data.md).
import { lockUser } from '@civic/service-kit/db';
import type { SqlExecutor } from '@civic/service-kit/events';

/**
 * The advisory lock space of "a priorities user" (two-key form: this class, hashtext(user id)).
 * The SQL functions apply_vote, apply_votes and apply_promotion take the same lock with this number
 * (1347569969) written out (test/sql-user-lock-class.test.ts reads them from pg_proc).
 */
export const USER_LOCK_CLASS = 0x50524931; // 'PRI1'

export const lockUserShared = (tx: SqlExecutor, userId: string) => lockUser(tx, USER_LOCK_CLASS, userId, 'shared');

export const lockUserExclusive = (tx: SqlExecutor, userId: string) => lockUser(tx, USER_LOCK_CLASS, userId, 'exclusive');
