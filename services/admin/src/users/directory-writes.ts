// What every write to the users directory shares: the per-user erasure lock and tombstone check
// (a late event about an erased account must not bring its row back), and the upsert that creates a
// row the first time any owner's event about the user arrives, in whatever order the streams bring them.
import type { SqlDriver } from '@civic/service-kit/db';
import { adminErasureGuard } from '../data-rights/erasure-guard.ts';

/**
 * Runs `INSERT INTO admin.user_directory (id, <columns>) SELECT $1::uuid, <values> WHERE the user is
 * not erased ON CONFLICT (id) DO UPDATE SET <update> WHERE <guard>`, under the user's shared erasure
 * lock. `values` are SQL expressions over the parameters ($1 is the user id).
 */
export async function upsertDirectoryRow(
  tx: SqlDriver,
  userId: string,
  write: { columns: string[]; values: string[]; update: string; guard: string },
  ...params: unknown[]
): Promise<void> {
  await adminErasureGuard.lockShared(tx, userId);
  await tx.execute(
    `INSERT INTO admin.user_directory AS d (id, ${write.columns.join(', ')})
     SELECT $1::uuid, ${write.values.join(', ')} WHERE NOT ${adminErasureGuard.deletedSql('$1')}
     ON CONFLICT (id) DO UPDATE SET ${write.update} WHERE ${write.guard}`,
    [userId, ...params],
  );
}
