// The lock order of the network's writes, exercised concurrently against PostgreSQL on a freshly
// migrated database: a follow of B by A, B's block of A and B's follow of A take the same two state
// rows from opposite ends, and must queue, not deadlock; whatever order they commit in, the counts
// equal the edges and no edge stands beside a block. A follow racing the followee's turn to private
// activity never leaves them named in the follower's activity (SECURITY 31). Each race waits on pg_locks
// (test/support/lock-waits.ts) for the other sides to be blocked, never on the clock. The embedded
// profile is skipped: PGlite serves one connection, so no two transactions can wait on each other.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Platform } from '@civic/service-kit';
import type { SqlDriver } from '@civic/service-kit/db';
import pg from 'pg';
import type { SocialContext } from '../src/context.ts';
import { block } from '../src/network/blocks.ts';
import { follow } from '../src/network/follow-edges.ts';
import { applyPrivacyChange } from '../src/members/update-members.ts';
import { lockNetworkStates } from '../src/network/network-state.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { backendPid, waitUntilBlocked } from '../../../test/support/lock-waits.ts';
import { type MigratedDatabase, openMigratedDatabase } from '../../../test/support/migrated-database.ts';
import { pgClientDriver } from '@civic/service-kit/db';

for (const { profile, skip } of await profilePlan()) {
  const reason = profile === 'embedded' ? 'PGlite serves one connection: no two transactions can wait on each other (covered on distributed)' : skip;
  describe(`lock order of the network's writes (${profile})`, { skip: reason }, () => {
    let db: MigratedDatabase;
    const sessions: Array<pg.Client | pg.Pool> = [];
    before(async () => {
      db = await openMigratedDatabase(profile, 'social');
    });
    after(async () => {
      await Promise.all(sessions.map((s) => s.end()));
      await db?.close();
    });

    /**
     * A connection of its own, seen as a context whose transactions run on it: one side of a race.
     */
    async function side() {
      const client = new pg.Client({ connectionString: db.url! });
      await client.connect();
      sessions.push(client);
      const tx = pgClientDriver(client);
      const ctx = {
        platform: { clock: { now: () => new Date() } } as unknown as Platform,
        db: {
          ...tx,
          async transaction<R>(fn: (tx: SqlDriver) => Promise<R>): Promise<R> {
            await client.query('BEGIN');
            try {
              const result = await fn(tx);
              await client.query('COMMIT');
              return result;
            } catch (error) {
              await client.query('ROLLBACK');
              throw error;
            }
          },
        },
      } as unknown as SocialContext;
      return { client, tx, ctx, pid: await backendPid(client) };
    }

    async function members(n: number): Promise<string[]> {
      const ids = Array.from({ length: n }, () => randomUUID());
      await db.driver.query('INSERT INTO social.members (user_id) SELECT unnest($1::uuid[])', [ids]);
      return ids;
    }

    test('opposite follows and a block of one pair queue on the state rows and leave consistent counts', async () => {
      for (let round = 0; round < 3; round++) {
        const [a, b] = await members(2);
        const holder = await side();
        await holder.client.query('BEGIN');
        await lockNetworkStates(holder.tx, [a!, b!]);
        const [s1, s2, s3] = [await side(), await side(), await side()];
        const racing = Promise.allSettled([follow(s1.ctx, a!, b!), follow(s2.ctx, b!, a!), block(s3.ctx, b!, a!)]);
        await waitUntilBlocked(holder.client, holder.pid, { waiters: 3 });
        await holder.client.query('COMMIT');
        const results = await racing;
        for (const r of results) {
          if (r.status === 'rejected') assert.equal((r.reason as { statusCode?: number }).statusCode, 409, String(r.reason));
        }
        const [state] = await db.driver.query<{ edges: number; blocks: number; followers: number; following: number }>(
          `SELECT (SELECT count(*)::int FROM social.follows WHERE follower_id IN ($1::uuid, $2::uuid)) AS edges,
                  (SELECT count(*)::int FROM social.blocks WHERE blocker_id = $2::uuid) AS blocks,
                  (SELECT sum(followers)::int FROM social.user_network WHERE user_id IN ($1::uuid, $2::uuid)) AS followers,
                  (SELECT sum(following)::int FROM social.user_network WHERE user_id IN ($1::uuid, $2::uuid)) AS following`,
          [a, b],
        );
        assert.deepEqual(state, { edges: 0, blocks: 1, followers: 0, following: 0 }, `round ${round}`);
      }
    });

    test("a follow racing the followee's turn to private never names them: whichever commits second sees the other", async () => {
      for (let round = 0; round < 3; round++) {
        const [a, b] = await members(2);
        await db.driver.query("UPDATE social.members SET first_name = 'Hidden', last_name = 'Person' WHERE user_id = $1::uuid", [b]);
        const holder = await side();
        await holder.client.query('BEGIN');
        await lockNetworkStates(holder.tx, [a!, b!]);
        const [s1, s2] = [await side(), await side()];
        const privacy = { userId: b!, profileVisibility: 'public', activityVisibility: 'private', changedAt: new Date().toISOString() } as const;
        const racing = Promise.all([follow(s1.ctx, a!, b!), s2.ctx.db.transaction((tx) => applyPrivacyChange(tx, privacy))]);
        await waitUntilBlocked(holder.client, holder.pid, { waiters: 2 });
        await holder.client.query('COMMIT');
        await racing;
        const rows = await db.driver.query<{ description: string }>(
          "SELECT description FROM social.activities WHERE type = 'follow' AND user_id = $1::uuid AND subject_id = $2::uuid",
          [a, b],
        );
        assert.deepEqual(rows, [{ description: 'Followed a citizen' }], `round ${round}`);
      }
    });
  });
}
