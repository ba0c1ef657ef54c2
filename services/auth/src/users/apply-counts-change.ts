// Keeps auth's copy of users' network counts (followers, following and recruited in
// GET /api/auth/user) from civic.social.counts.changed, in the consumer's transaction. Count events of
// one user may arrive out of order, so counts are applied only when their version (the user's
// sequence number in social) is newer than the one held, as apply-balance-change.ts does. That makes
// the events commute, so the consumer takes them in batches (handlers.ts): one statement applies a
// whole batch, keeping per user the event of the highest version, and it locks the users' rows in id
// order first, so two batches touching the same users (two replicas) wait instead of deadlocking.
import type { EventPayload, socialEvents } from '@civic/contracts';
import type { BatchItem, SqlExecutor } from '@civic/service-kit/events';

type CountsChanged = EventPayload<typeof socialEvents.CountsChanged>;

export async function applyCountsChanges(tx: SqlExecutor, items: readonly BatchItem<CountsChanged>[]): Promise<void> {
  const counts = items.map(({ payload: p }) => ({ id: p.userId, followers: p.followers, following: p.following, recruited: p.recruited, version: p.version }));
  await tx.$executeRawUnsafe(
    `WITH newest AS (
       SELECT DISTINCT ON (c.id) c.* FROM jsonb_to_recordset($1::jsonb) AS c(id uuid, followers int, following int, recruited int, version int)
       ORDER BY c.id, c.version DESC
     ), locked AS (
       SELECT u.id FROM auth.users u JOIN newest n ON n.id = u.id WHERE u.network_counts_version < n.version ORDER BY u.id FOR UPDATE OF u
     )
     UPDATE auth.users u SET followers = n.followers, following = n.following, recruited = n.recruited, network_counts_version = n.version
     FROM newest n WHERE u.id = n.id AND u.id IN (SELECT id FROM locked) AND u.network_counts_version < n.version`,
    JSON.stringify(counts),
  );
}
