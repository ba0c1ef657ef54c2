// Each user's network state row (social.user_network: followers, following, recruited, version),
// changed only in the transaction of the edge change it counts, under the row's lock. Every writer
// locks the rows of all the users it will change before changing anything, in user-id order, so two
// writers touching the same two users (A follows B while B blocks A) wait for each other instead of
// deadlocking. The counts move relatively (followers + 1) under the lock, and the CHECKs (>= 0)
// refuse anything that would make them drift below zero, so they always equal the edges.
import type { SqlDriver } from '@civic/service-kit/db';
import { emitCountsChanged } from '../events.ts';

export interface NetworkState {
  userId: string;
  followers: number;
  following: number;
  recruited: number;
  version: number;
}

const STATE_COLUMNS = 'user_id::text AS "userId", followers, following, recruited, version';

/**
 * Creates the missing state rows of `userIds` and locks all of them (FOR UPDATE) in user-id order,
 * until the transaction ends. Both statements take the ids sorted: two inserts of the same new rows
 * in different orders could deadlock as well.
 */
export async function lockNetworkStates(tx: SqlDriver, userIds: readonly string[]): Promise<Map<string, NetworkState>> {
  const ids = [...new Set(userIds.map((id) => id.toLowerCase()))].sort().join(',');
  await tx.execute(`INSERT INTO social.user_network (user_id) SELECT u FROM unnest(string_to_array($1, ',')::uuid[]) AS u ORDER BY u ON CONFLICT DO NOTHING`, [
    ids,
  ]);
  const rows = await tx.query<NetworkState>(
    `SELECT ${STATE_COLUMNS} FROM social.user_network WHERE user_id = ANY(string_to_array($1, ',')::uuid[]) ORDER BY user_id FOR UPDATE`,
    [ids],
  );
  return new Map(rows.map((row) => [row.userId, row]));
}

/**
 * How a user's counts move in one change; a change of blocks only moves the version. `recruited` is
 * for the recruit flow (a recruit recorded moves the recruiter's count the same way).
 */
export interface CountsDelta {
  followers?: number;
  following?: number;
  recruited?: number;
}

/**
 * One change of a locked user's state: the counts move by `delta` and the version by one. When the
 * counts moved, CountsChanged is enqueued in the same transaction. Call once per user per transaction.
 */
export async function changeNetworkState(tx: SqlDriver, userId: string, delta: CountsDelta, changedAt: string): Promise<NetworkState> {
  const followers = delta.followers ?? 0;
  const following = delta.following ?? 0;
  const recruited = delta.recruited ?? 0;
  const [state] = await tx.query<NetworkState>(
    `UPDATE social.user_network
     SET followers = followers + $2::int, following = following + $3::int, recruited = recruited + $4::int, version = version + 1
     WHERE user_id = $1::uuid RETURNING ${STATE_COLUMNS}`,
    [userId, followers, following, recruited],
  );
  if (!state) throw new Error(`network state of ${userId} was not locked before its change`);
  if (followers !== 0 || following !== 0 || recruited !== 0) {
    await emitCountsChanged(tx, { ...state, changedAt });
  }
  return state;
}
