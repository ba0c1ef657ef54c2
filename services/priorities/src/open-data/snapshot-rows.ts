// A snapshot's row in priorities.open_data_snapshots as the readers and the writer of snapshots share it:
// its columns, its summary in the API's shape, and the two lookups the schedule and receipts make.
import type { SnapshotLeafOrder, TSnapshotSummary } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';

export interface SnapshotRow {
  id: string;
  taken_at: Date | string;
  trigger: 'schedule' | 'admin';
  root: Uint8Array;
  tree_size: string | number;
  priority_count: number;
  endorsements: string | number;
  oppositions: string | number;
  chunk_size: number;
  leaf_order: SnapshotLeafOrder;
}

export const SNAPSHOT_COLUMNS = 'id, taken_at, trigger, root, tree_size, priority_count, endorsements, oppositions, chunk_size, leaf_order';

export function summaryOf(row: SnapshotRow): TSnapshotSummary {
  return {
    id: row.id,
    takenAt: new Date(row.taken_at).toISOString(),
    trigger: row.trigger,
    root: Buffer.from(row.root).toString('hex'),
    treeSize: Number(row.tree_size),
    priorityCount: row.priority_count,
    endorsements: Number(row.endorsements),
    oppositions: Number(row.oppositions),
    leafOrder: row.leaf_order,
  };
}

/** Whether a snapshot was taken at or after `since` (the schedule's slot is then done). */
export async function snapshotTakenSince(sql: SqlDriver, since: Date): Promise<boolean> {
  const rows = await sql.query('SELECT 1 FROM priorities.open_data_snapshots WHERE taken_at >= $1::timestamptz LIMIT 1', [since.toISOString()]);
  return rows.length > 0;
}

/** The newest snapshot, if any. */
export async function latestSnapshot(sql: SqlDriver): Promise<SnapshotRow | undefined> {
  const [row] = await sql.query<SnapshotRow>(
    `SELECT ${SNAPSHOT_COLUMNS} FROM priorities.open_data_snapshots ORDER BY taken_at DESC, id DESC LIMIT 1`,
    [],
    'priorities_latest_snapshot',
  );
  return row;
}
