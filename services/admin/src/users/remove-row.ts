// Erasure (civic.account.user.deleted, src/data-rights/erase-user.ts): the directory is a read model,
// so the user's row simply goes; the tombstone the erasure writes keeps later events from adding it back.
import type { SqlExecutor } from '@civic/service-kit/events';

export async function removeDirectoryRow(tx: SqlExecutor, userId: string): Promise<void> {
  await tx.$executeRawUnsafe('DELETE FROM admin.user_directory WHERE id = $1::uuid', userId);
}
