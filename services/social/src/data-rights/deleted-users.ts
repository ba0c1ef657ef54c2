// Deleted accounts stay deleted in social: an event about one that arrives after the erasure (from
// a producer whose stream has no order with account's) records nothing.
import type { SqlExecutor } from '@civic/service-kit/events/sql-executor';

export async function isDeletedUser(tx: SqlExecutor, userId: string): Promise<boolean> {
  const rows = await tx.$queryRawUnsafe<unknown[]>('SELECT 1 FROM social.deleted_users WHERE user_id = $1::uuid', userId);
  return rows.length > 0;
}
