// GET /api/open-data/snapshots: the published snapshots, newest first, a page at a time (`before`).
import type { TSnapshotList } from '@civic/contracts';
import type { PrioritiesContext } from '../context.ts';
import { SNAPSHOT_COLUMNS, type SnapshotRow, summaryOf } from './snapshot-rows.ts';
import { nextSnapshotAt } from './snapshot-schedule.ts';

export async function listSnapshots(ctx: PrioritiesContext, everyMs: number, query: { limit: number; before?: string | undefined }): Promise<TSnapshotList> {
  const rows = await ctx.db.query<SnapshotRow>(
    `SELECT ${SNAPSHOT_COLUMNS} FROM priorities.open_data_snapshots
     WHERE $1::timestamptz IS NULL OR taken_at < $1::timestamptz
     ORDER BY taken_at DESC, id DESC LIMIT $2::int`,
    [query.before ?? null, query.limit],
  );
  return { snapshots: rows.map(summaryOf), nextSnapshotAt: nextSnapshotAt(ctx.platform.clock.now(), everyMs).toISOString() };
}
