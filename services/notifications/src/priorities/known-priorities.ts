// The priorities whose authors notifications tells about them, from priorities' events: a vote or a
// promotion names only the priority, so its author is looked up here.
import type { SqlDriver } from '@civic/service-kit/db';

export interface KnownPriority {
  authorId: string | null;
  title: string;
}

/** The advisory lock space of "a priority" (two-key form: this class, hashtext(priority id)). */
const PRIORITY_LOCK_CLASS = 0x4e4f5432; // 'NOT2'

/**
 * Serialises, per priority, parking a vote for it and learning its author (parked-notifications.ts):
 * without it a vote's transaction could miss the priority while the creation's transaction misses the
 * vote's parked row, and the vote would wait for the lookup instead.
 */
export async function lockPriority(tx: SqlDriver, priorityId: string): Promise<void> {
  await tx.execute('SELECT pg_advisory_xact_lock($1::int, hashtext($2::uuid::text))', [PRIORITY_LOCK_CLASS, priorityId]);
}

/** Created (or first heard of through a later event that carries author and title). */
export async function rememberPriority(tx: SqlDriver, priorityId: string, authorId: string | null, title: string): Promise<void> {
  await tx.execute(
    `INSERT INTO notifications.priorities (priority_id, author_id, title) VALUES ($1::uuid, $2::uuid, $3)
     ON CONFLICT (priority_id) DO NOTHING`,
    [priorityId, authorId, title],
  );
}

export async function knownPriority(tx: SqlDriver, priorityId: string): Promise<KnownPriority | undefined> {
  const [row] = await tx.query<KnownPriority>('SELECT author_id::text AS "authorId", title FROM notifications.priorities WHERE priority_id = $1::uuid', [
    priorityId,
  ]);
  return row;
}

/** An administrator removed it: nothing more is told about it, and what was queued about it goes. */
export async function forgetPriority(tx: SqlDriver, priorityId: string): Promise<void> {
  await tx.execute('DELETE FROM notifications.priorities WHERE priority_id = $1::uuid', [priorityId]);
  await tx.execute('DELETE FROM notifications.pending WHERE subject_id = $1::uuid', [priorityId]);
  await tx.execute('DELETE FROM notifications.parked WHERE priority_id = $1::uuid', [priorityId]);
}
