// Deleted accounts stay deleted: writes for their ids are refused, whatever raced the deletion.
import { NotFound } from '@civic/service-kit/http/errors';
import type { SqlExecutor } from '@civic/service-kit/events/sql-executor';

export const USER_NOT_FOUND = 'User not found';

export async function isDeletedUser(tx: SqlExecutor, userId: string): Promise<boolean> {
  const rows = await tx.$queryRawUnsafe<unknown[]>('SELECT 1 FROM account.deleted_users WHERE user_id = $1::uuid', userId);
  return rows.length > 0;
}

/** For a write on behalf of a user: a deleted account answers as if it never existed. */
export async function assertNotDeleted(tx: SqlExecutor, userId: string): Promise<void> {
  if (await isDeletedUser(tx, userId)) throw new NotFound(USER_NOT_FOUND);
}
