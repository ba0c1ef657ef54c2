// The lock order of priorities' SQL functions (prisma/functions/), exercised concurrently against
// PostgreSQL on a freshly migrated database: two calls that would take the same rows in opposite
// orders must not deadlock, and a call must not hold a row while it waits for a user an erasure
// holds. Each race waits on pg_locks (test/support/lock-waits.ts) for the other side to be blocked,
// never on the clock. The embedded profile is skipped: PGlite serves one connection, so no two
// transactions can wait on each other there.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { backendPid, waitUntilBlocked } from '../../../test/support/lock-waits.ts';
import { openMigratedDatabase, type MigratedDatabase } from '../../../test/support/migrated-database.ts';
import { pgClientDriver } from '@civic/service-kit/db';
import { eraseUser } from '../src/data-rights/erase-user.ts';
import { prioritiesErasureGuard } from '../src/data-rights/erasure-guard.ts';
import { PROMOTION_BOOST_POINTS, PROMOTION_HALF_LIFE_MS, PROMOTION_LIFETIME_MS } from '../src/domain/promotion-boost.ts';
import type { VoteChange } from '../src/votes/vote-batcher.ts';
import { firstVoteChange } from './support/vote-changes.ts';

const AT = '2026-11-23T12:00:00.000Z';

for (const { profile, skip } of await profilePlan()) {
  const reason = profile === 'embedded' ? 'PGlite serves one connection: no two transactions can wait on each other (covered on distributed)' : skip;
  describe(`lock order of the SQL functions (${profile})`, { skip: reason }, () => {
    let db: MigratedDatabase;
    const sessions: pg.Client[] = [];
    /** A connection of its own: one side of a race. */
    async function session() {
      const client = new pg.Client({ connectionString: db.url! });
      await client.connect();
      sessions.push(client);
      return { client, pid: await backendPid(client), tx: pgClientDriver(client) };
    }
    const applyVotes = async (client: pg.Client, changes: VoteChange[]) =>
      (
        await client.query<{ item: number; status: string }>('SELECT item, status FROM priorities.apply_votes($1::jsonb) ORDER BY item', [
          JSON.stringify(changes),
        ])
      ).rows;

    /** New active priorities, returned in id order (the order rows are to be locked in). */
    async function priorities(n: number): Promise<string[]> {
      const ids = Array.from({ length: n }, () => randomUUID());
      await db.driver.query(
        `INSERT INTO priorities.priorities (id, title, description, created_at) SELECT id, 'Lock order ' || id, 'A priority to lock', $2::timestamptz FROM unnest($1::uuid[]) AS id`,
        [ids, AT],
      );
      return ids.sort();
    }
    const tally = async (id: string) =>
      (
        await db.driver.query<{ e: number; boost: number }>(
          'SELECT endorsements AS e, promotion_boost AS boost FROM priorities.priorities WHERE id = $1::uuid',
          [id],
        )
      )[0]!;

    /** A pending promotion, as POST /promote leaves it before the ledger's debit is applied. */
    async function pendingPromotion(priorityId: string, userId: string): Promise<string> {
      const id = randomUUID();
      await db.driver.query(
        `INSERT INTO priorities.promotions (id, priority_id, user_id, idempotency_key, cost, status, created_at) VALUES ($1::uuid, $2::uuid, $3::uuid, $4, 50, 'pending', $5::timestamptz)`,
        [id, priorityId, userId, randomUUID(), AT],
      );
      return id;
    }
    /** apply_promotion with the arguments promote-priority.ts sends (its event follows in the caller's transaction). */
    async function applyPromotion(client: pg.Client, promotion: { id: string; priorityId: string; userId: string }) {
      const result = await client.query<{ status: string; promotion_boost: number }>(
        'SELECT status, promotion_boost FROM priorities.apply_promotion($1::uuid, $2::uuid, $3::int, $4::timestamptz, $5::int, $6::bigint, $7::bigint)',
        [promotion.id, promotion.userId, 50, AT, PROMOTION_BOOST_POINTS, PROMOTION_HALF_LIFE_MS, PROMOTION_LIFETIME_MS],
      );
      return result.rows[0]!;
    }
    /** Takes a priority row now or fails: proves nobody else holds it. */
    const lockRowNow = (client: pg.Client, id: string) =>
      client.query('SELECT 1 FROM priorities.priorities WHERE id = $1::uuid FOR NO KEY UPDATE NOWAIT', [id]);

    before(async () => {
      db = await openMigratedDatabase(profile, 'priorities');
    });
    after(async () => {
      for (const client of sessions) await client.end().catch(() => {});
      await db?.close();
    });

    test('apply_votes: two groups naming the same priorities in opposite orders hold no row while they wait, and both apply', async () => {
      const [low, high] = (await priorities(2)) as [string, string];
      const holder = await session();
      await holder.client.query('BEGIN');
      await lockRowNow(holder.client, low);
      // Each group would take `high` first if it locked in its own order.
      const [a, b] = [await session(), await session()];
      const highFirst = applyVotes(a.client, [firstVoteChange(high, randomUUID()), firstVoteChange(low, randomUUID())]);
      const lowFirst = applyVotes(b.client, [firstVoteChange(low, randomUUID()), firstVoteChange(high, randomUUID())]);
      await waitUntilBlocked(holder.client, holder.pid, { waiters: 2 });
      // Both wait for `low`, the lower id, holding nothing else: `high` is free.
      await lockRowNow(holder.client, high);
      await holder.client.query('COMMIT');
      assert.deepEqual(
        (await highFirst).map((r) => r.status),
        ['applied', 'applied'],
      );
      assert.deepEqual(
        (await lowFirst).map((r) => r.status),
        ['applied', 'applied'],
      );
      assert.equal((await tally(low)).e, 2);
      assert.equal((await tally(high)).e, 2);
    });

    test('apply_votes: many groups at once over the same priorities in shuffled orders never deadlock', async () => {
      const ids = await priorities(4);
      const clients = await Promise.all(Array.from({ length: 4 }, () => session()));
      for (let round = 0; round < 10; round++) {
        // Every client its own order of the same four priorities, reversed for every other one.
        const groups = clients.map(({ client }, i) => {
          const order = i % 2 === 0 ? [...ids] : [...ids].reverse();
          const rotated = [...order.slice(i), ...order.slice(0, i)];
          return applyVotes(
            client,
            rotated.map((id) => firstVoteChange(id, randomUUID())),
          );
        });
        for (const answers of await Promise.all(groups))
          assert.deepEqual(
            answers.map((r) => r.status),
            ['applied', 'applied', 'applied', 'applied'],
          );
      }
      for (const id of ids) assert.equal((await tally(id)).e, 40);
    });

    test("apply_promotion takes its payer's lock before any row, so the payer's erasure never waits for it", async () => {
      const [priority] = (await priorities(1)) as [string];
      const payer = randomUUID();
      const promotion = await pendingPromotion(priority, payer);
      const erasure = await session();
      await erasure.client.query('BEGIN');
      await prioritiesErasureGuard.lockExclusive(erasure.tx, payer);
      const buyer = await session();
      const applied = applyPromotion(buyer.client, { id: promotion, priorityId: priority, userId: payer });
      await waitUntilBlocked(erasure.client, erasure.pid);
      // The whole erasure, which locks the priority and deletes the pending promotion: were either row
      // held by the waiting call, this would deadlock (and PostgreSQL would abort one side).
      await eraseUser(erasure.tx, payer, AT);
      await erasure.client.query('COMMIT');
      assert.deepEqual(await applied, { status: 'deleted', promotion_boost: 0 });
      assert.equal((await db.driver.query('SELECT 1 FROM priorities.promotions WHERE id = $1::uuid', [promotion])).length, 0);
      assert.equal((await tally(priority)).boost, 0);
    });

    test('apply_promotion: two promotions of one priority at once both apply, the later one counting the earlier', async () => {
      const [priority] = (await priorities(1)) as [string];
      const [first, second] = [randomUUID(), randomUUID()];
      const promotions = [
        { id: await pendingPromotion(priority, first), priorityId: priority, userId: first },
        { id: await pendingPromotion(priority, second), priorityId: priority, userId: second },
      ];
      const holder = await session();
      await holder.client.query('BEGIN');
      await lockRowNow(holder.client, priority);
      const [a, b] = [await session(), await session()];
      const applied = [applyPromotion(a.client, promotions[0]!), applyPromotion(b.client, promotions[1]!)];
      await waitUntilBlocked(holder.client, holder.pid, { waiters: 2 });
      await holder.client.query('COMMIT');
      const answers = await Promise.all(applied);
      assert.deepEqual(
        answers.map((r) => r.status),
        ['applied', 'applied'],
      );
      assert.deepEqual(
        answers.map((r) => r.promotion_boost).sort((x, y) => x - y),
        [PROMOTION_BOOST_POINTS, 2 * PROMOTION_BOOST_POINTS],
      );
      assert.equal((await tally(priority)).boost, 2 * PROMOTION_BOOST_POINTS);
    });
  });
}
