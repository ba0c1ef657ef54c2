// The per-user advisory lock every service uses to serialise a user's writes with the erasure of
// their account: each write holds it shared for its transaction and then checks the service's
// erasure tombstone; the erasure takes it exclusively first. So a write either commits before the
// erasure starts (and is erased with the rest) or sees the tombstone and records nothing
// (docs/protocols/account-data.md). Two-key form: the service's lock class, hashtext(user id); the
// id is cast to uuid first, so any spelling of one id takes the same lock (SQL functions that take
// it write the same expression).
import type { SqlExecutor } from '../events/sql-executor.ts';

export type UserLockMode = 'shared' | 'exclusive';

export async function lockUser(tx: SqlExecutor, lockClass: number, userId: string, mode: UserLockMode): Promise<void> {
  const lock = mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  await tx.$executeRawUnsafe(`SELECT ${lock}($1::int, hashtext($2::uuid::text))`, lockClass, userId);
}
