// The erasure guard every service keeps (docs/protocols/account-data.md): once an account is
// deleted, no write about that user may land again, whatever raced the deletion or arrived late.
// Writes hold a per-user advisory lock shared and check the tombstone; the erasure takes it
// exclusively first. The id is cast to uuid before hashing, so any spelling takes the same lock;
// SQL functions that take it themselves (apply_vote, post_debit) write the same expression.
import { createError } from '../http/errors.ts';
import { eraseDeadLettersNaming } from '../events/dead-letters.ts';
import type { SqlDriver } from '../db/sql-driver.ts';
import { checkSchemaName } from '../events/sql-names.ts';

/** The tombstone's table name, in each service's own schema. */
export const DELETED_USERS_TABLE = 'deleted_users';

/**
 * The one refusal of a write for a deleted account: the session that sent it belongs to nobody any
 * more, so it answers as signed out. (The account service answers its own resources' 404 instead:
 * to it a deleted user is one that never existed.)
 */
export const AccountDeleted = createError('KIT_ACCOUNT_DELETED', 'Unauthorized', 401);

export type UserLockMode = 'shared' | 'exclusive';

export async function lockUser(tx: SqlDriver, lockClass: number, userId: string, mode: UserLockMode): Promise<void> {
  const lock = mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  await tx.execute(`SELECT ${lock}($1::int, hashtext($2::uuid::text))`, [lockClass, userId]);
}

export interface ErasureGuard {
  /** The service's schema, which holds the tombstone table. */
  readonly schema: string;
  /** The service's advisory lock class (SQL functions taking the lock pass or spell it). */
  readonly lockClass: number;
  /** `<schema>.deleted_users`, for statements that check the tombstone in their own SQL. */
  readonly table: string;
  /** SQL that is true when the user whose id is parameter `param` (e.g. '$2') is deleted. */
  deletedSql(param: string): string;
  /** Before a write about the user whose tombstone check is in the write's own SQL. */
  lockShared(tx: SqlDriver, userId: string): Promise<void>;
  /** For a write about a user: takes the shared lock, then reads the tombstone. */
  isDeletedUser(tx: SqlDriver, userId: string): Promise<boolean>;
  /** As isDeletedUser, refusing a deleted user with AccountDeleted. */
  assertNotDeleted(tx: SqlDriver, userId: string): Promise<void>;
  /**
   * The erasure's first step (or anything that must not interleave with the user's writes, such as
   * social's "clear activity history"): waits for the writes under way, holds later ones back.
   */
  lockExclusive(tx: SqlDriver, userId: string): Promise<void>;
  /**
   * Writes the tombstone and deletes the service's dead letters that name the user (SECURITY 25: they
   * keep whole envelopes); true when this call wrote the tombstone (false: the user was deleted already).
   */
  markDeleted(tx: SqlDriver, userId: string, deletedAt: Date | string): Promise<boolean>;
}

/** The guard of the service whose schema is `schema`, with its own advisory lock class. */
export function erasureGuard(schema: string, lockClass: number): ErasureGuard {
  const table = `${checkSchemaName(schema)}.${DELETED_USERS_TABLE}`;
  const deletedSql = (param: string) => `EXISTS (SELECT 1 FROM ${table} d WHERE d.user_id = ${param}::uuid)`;
  const isDeletedSql = `SELECT ${deletedSql('$1')} AS deleted`;
  const insertSql = `INSERT INTO ${table} (user_id, deleted_at) VALUES ($1::uuid, $2::timestamptz) ON CONFLICT DO NOTHING`;
  const guard: ErasureGuard = {
    schema,
    lockClass,
    table,
    deletedSql,
    lockShared: (tx, userId) => lockUser(tx, lockClass, userId, 'shared'),
    async isDeletedUser(tx, userId) {
      await guard.lockShared(tx, userId);
      const [row] = await tx.query<{ deleted: boolean }>(isDeletedSql, [userId]);
      return row!.deleted;
    },
    async assertNotDeleted(tx, userId) {
      if (await guard.isDeletedUser(tx, userId)) throw new AccountDeleted();
    },
    lockExclusive: (tx, userId) => lockUser(tx, lockClass, userId, 'exclusive'),
    async markDeleted(tx, userId, deletedAt) {
      const at = typeof deletedAt === 'string' ? deletedAt : deletedAt.toISOString();
      await eraseDeadLettersNaming(tx, schema, [userId]);
      return (await tx.execute(insertSql, [userId, at])) === 1;
    },
  };
  return guard;
}
