// The snapshot schedule: slots are multiples of OPEN_DATA_SNAPSHOT_MS since the epoch, so every
// replica and reader agrees when the next is due. The first process to find the current slot empty
// takes it (take-snapshot.ts decides under its lock), then deletes snapshots beyond
// OPEN_DATA_KEEP_SNAPSHOTS. A process joins only slots that began while it ran, so a fresh deployment
// does not snapshot in the middle of its migrations.
import type { PrioritiesContext } from '../context.ts';
import type { DocumentStore } from './document-store.ts';
import { snapshotTakenSince } from './snapshot-rows.ts';
import { backfillSnapshotDocuments } from './store-documents.ts';
import { takeSnapshot } from './take-snapshot.ts';

/** How often a process looks whether a slot is due, at most. */
export const MAX_CHECK_MS = 60_000;

export interface SnapshotSchedule {
  everyMs: number;
  keep: number;
  /** When this process started (its clock). */
  startedAt: Date;
  /** Where the snapshots' documents are stored (document-store.ts). */
  documents: DocumentStore;
}

export const slotStartOf = (now: Date, everyMs: number) => new Date(Math.floor(now.getTime() / everyMs) * everyMs);
export const nextSnapshotAt = (now: Date, everyMs: number) => new Date(slotStartOf(now, everyMs).getTime() + everyMs);

/** Deletes the snapshots past the newest `keep` (their priorities, chunks and documents go with them). */
export async function pruneSnapshots(ctx: PrioritiesContext, schedule: Pick<SnapshotSchedule, 'keep' | 'documents'>): Promise<number> {
  const gone = await ctx.db.query(
    `DELETE FROM priorities.open_data_snapshots WHERE id IN (
       SELECT id FROM priorities.open_data_snapshots ORDER BY taken_at DESC, id DESC OFFSET $1::int)
     RETURNING id`,
    [schedule.keep],
  );
  // Files outlive their rows (and a rolled-back snapshot's files have none): dropped here.
  await schedule.documents.sweep(ctx.db);
  return gone.length;
}

/**
 * One run of the schedule: a snapshot if the current slot has none yet, then the retention; and the
 * documents of one snapshot taken before documents were stored, until none is left.
 */
export async function runSnapshotSchedule(ctx: PrioritiesContext, schedule: SnapshotSchedule): Promise<void> {
  await backfillSnapshotDocuments(ctx.db, schedule.documents);
  const slot = slotStartOf(ctx.platform.clock.now(), schedule.everyMs);
  if (slot < schedule.startedAt) return;
  // Most runs find the slot done: a look without a transaction first.
  if (await snapshotTakenSince(ctx.db, slot)) return;
  const taken = await takeSnapshot(ctx, { kind: 'schedule', unlessTakenSince: slot }, schedule.documents);
  if (taken) await pruneSnapshots(ctx, schedule);
}
