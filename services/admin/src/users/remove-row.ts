// Erasure (civic.account.user.deleted, src/data-rights/erase-user.ts): the directory is a read model,
// so the user's row simply goes; the tombstone the erasure writes keeps later events from adding it back.
import type { SqlDriver } from '@civic/service-kit/db';

export async function removeDirectoryRow(tx: SqlDriver, userId: string): Promise<void> {
  await tx.execute('DELETE FROM admin.user_directory WHERE id = $1::uuid', [userId]);
}
