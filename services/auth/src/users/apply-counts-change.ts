// Keeps auth's copy of users' network counts (GET /api/auth/user) from civic.social.counts.changed.
// Applied only when newer than the version held, so the events commute and the consumer takes them
// in batches; a batch locks the users' rows in id order, so two replicas' batches wait, never deadlock.
import type { EventPayload, socialEvents } from '@civic/contracts';
import type { BatchItem } from '@civic/service-kit/events';
import type { SqlDriver } from '@civic/service-kit/db';

type CountsChanged = EventPayload<typeof socialEvents.CountsChanged>;

export async function applyCountsChanges(tx: SqlDriver, items: readonly BatchItem<CountsChanged>[]): Promise<void> {
  const counts = items.map(({ payload: p }) => ({ id: p.userId, followers: p.followers, following: p.following, recruited: p.recruited, version: p.version }));
  await tx.execute(
    `WITH newest AS (
       SELECT DISTINCT ON (c.id) c.* FROM jsonb_to_recordset($1::jsonb) AS c(id uuid, followers int, following int, recruited int, version int)
       ORDER BY c.id, c.version DESC
     ), locked AS (
       SELECT u.id FROM auth.users u JOIN newest n ON n.id = u.id WHERE u.network_counts_version < n.version ORDER BY u.id FOR UPDATE OF u
     )
     UPDATE auth.users u SET followers = n.followers, following = n.following, recruited = n.recruited, network_counts_version = n.version
     FROM newest n WHERE u.id = n.id AND u.id IN (SELECT id FROM locked) AND u.network_counts_version < n.version`,
    [JSON.stringify(counts)],
  );
}
