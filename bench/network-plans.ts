// The plans behind the network benchmark's figures, printed with the run (EXPLAIN (ANALYZE, BUFFERS)
// on the seeded database): the network feed's query as social runs it, the statements of a follow
// and an unfollow, and the whole of each as social runs it (one call of follow_user, unfollow_user),
// inside a transaction that is rolled back so the seed stays as it was.
import { randomUUID } from 'node:crypto';
import { socialEvents } from '@civic/contracts';
import { SESSION_OPTIONS } from '@civic/service-kit/db';
import { buildOutboxRows } from '@civic/service-kit/events';
import pg from 'pg';
import { NETWORK_FEED_SQL } from '../services/social/src/activities/list-activities.ts';
import { socialErasureGuard } from '../services/social/src/data-rights/erasure-guard.ts';

async function explain(client: pg.Client, title: string, sql: string, params: unknown[]): Promise<string> {
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
  return `-- ${title}\n${rows.map((row) => row['QUERY PLAN']).join('\n')}`;
}

/** `viewer` follows many people; `follower` does not follow `followee` (the plans insert and delete that edge, rolled back). */
export async function networkPlans(socialDb: string, ids: { viewer: string; follower: string; followee: string }): Promise<string> {
  // With the services' session options (JIT off).
  const client = new pg.Client({ connectionString: socialDb, options: SESSION_OPTIONS });
  await client.connect();
  const plans: string[] = [];
  try {
    // Twice: the first run reads from disk what the measured runs found in memory.
    await explain(client, '', NETWORK_FEED_SQL, [ids.viewer, 20]);
    plans.push(await explain(client, 'network feed (GET /api/activities?network=true&limit=20)', NETWORK_FEED_SQL, [ids.viewer, 20]));
    await client.query('BEGIN');
    try {
      const pair = [ids.follower, ids.followee].sort();
      plans.push(
        await explain(
          client,
          "follow: lock both users' state rows",
          'SELECT user_id, followers, following, recruited, version FROM social.user_network WHERE user_id = ANY($1::uuid[]) ORDER BY user_id FOR UPDATE',
          [pair],
        ),
      );
      plans.push(
        await explain(
          client,
          'follow: blocked either way?',
          `SELECT EXISTS (SELECT 1 FROM social.blocks WHERE (blocker_id = $1::uuid AND blocked_id = $2::uuid)
                                                        OR (blocker_id = $2::uuid AND blocked_id = $1::uuid)) AS blocked`,
          [ids.follower, ids.followee],
        ),
      );
      plans.push(
        await explain(
          client,
          'follow: the edge',
          'INSERT INTO social.follows (follower_id, followee_id, created_at) VALUES ($1::uuid, $2::uuid, now()) ON CONFLICT DO NOTHING',
          [ids.follower, ids.followee],
        ),
      );
      plans.push(
        await explain(
          client,
          "follow: the followee's count (the most followed account)",
          'UPDATE social.user_network SET followers = followers + 1, version = version + 1 WHERE user_id = $1::uuid',
          [ids.followee],
        ),
      );
      plans.push(
        await explain(
          client,
          "unfollow: the follow's activity",
          `DELETE FROM social.activities WHERE type = 'follow' AND user_id = $1::uuid AND subject_id = $2::uuid`,
          [ids.follower, ids.followee],
        ),
      );
      plans.push(
        await explain(client, 'unfollow: the edge', 'DELETE FROM social.follows WHERE follower_id = $1::uuid AND followee_id = $2::uuid', [
          ids.follower,
          ids.followee,
        ]),
      );
      // The whole follow and unfollow, one statement each, as follow-edges.ts calls them.
      const at = new Date().toISOString();
      const edge = { followerId: ids.follower, followeeId: ids.followee };
      const counts = (userId: string) => ({ userId, followers: 0, following: 0, recruited: 0, version: 1, changedAt: at });
      const outbox = (following: boolean) =>
        JSON.stringify([
          ...buildOutboxRows(socialEvents.CountsChanged, [counts(ids.followee), counts(ids.follower)]).rows,
          ...buildOutboxRows(socialEvents.FollowChanged, [{ ...edge, following, changedAt: at }]).rows,
        ]);
      plans.push(
        await explain(
          client,
          'follow: the whole of it, one call of social.follow_user',
          'SELECT * FROM social.follow_user($1::int, $2::uuid, $3::uuid, $4::timestamptz, $5::uuid, $6::uuid, $7::jsonb)',
          [socialErasureGuard.lockClass, ids.follower, ids.followee, at, randomUUID(), randomUUID(), outbox(true)],
        ),
      );
      plans.push(
        await explain(
          client,
          'unfollow: the whole of it, one call of social.unfollow_user',
          'SELECT * FROM social.unfollow_user($1::int, $2::uuid, $3::uuid, $4::jsonb)',
          [socialErasureGuard.lockClass, ids.follower, ids.followee, outbox(false)],
        ),
      );
    } finally {
      await client.query('ROLLBACK');
    }
  } finally {
    await client.end();
  }
  return plans.join('\n\n');
}
