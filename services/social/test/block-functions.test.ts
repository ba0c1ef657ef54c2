// The SQL functions behind a block and an unblock (prisma/functions/block_user.sql, unblock_user.sql,
// over lock_network_pair.sql), called as the routes call them (src/network/blocks.ts) on a freshly
// migrated database of their own, on both profiles: the edges cut both ways with their activities,
// the counts and versions, the outbox rows each writes with the counts and versions filled in,
// nothing written when nothing changes, follows refused either way, the refusals, and concurrency
// (twenty blocks at once make one block; blocks racing follows leave counts equal to the edges).
// The routes and the events through the bus: network/lists-blocks-feed.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { NETWORK_MESSAGES, socialEvents } from '@civic/contracts';
import type { Platform } from '@civic/service-kit';
import type { SocialContext } from '../src/context.ts';
import { block, unblock } from '../src/network/blocks.ts';
import { follow } from '../src/network/follow-edges.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { type MigratedDatabase, openMigratedDatabase } from '../../../test/support/migrated-database.ts';

interface OutboxRow {
  subject: string;
  payload: Record<string, unknown>;
}

const EVENTS = [socialEvents.FollowChanged, socialEvents.CountsChanged, socialEvents.BlockChanged];

for (const { profile, skip } of await profilePlan()) {
  describe(`block_user and unblock_user (${profile})`, { skip }, () => {
    let db: MigratedDatabase;
    let ctx: SocialContext;
    before(async () => {
      db = await openMigratedDatabase(profile, 'social');
      ctx = { db: db.driver, platform: { clock: { now: () => new Date() } } as unknown as Platform } as unknown as SocialContext;
    });
    after(async () => {
      await db?.close();
    });

    async function member(): Promise<string> {
      const id = randomUUID();
      await db.driver.query('INSERT INTO social.members (user_id, first_name, last_name) VALUES ($1::uuid, $2, $3)', [id, 'Some', 'Citizen']);
      return id;
    }

    const outboxOf = async (userIds: string[]) =>
      (
        await db.driver.query<OutboxRow>(
          `SELECT subject, payload FROM social.outbox
           WHERE payload->>'userId' = ANY($1::text[]) OR payload->>'followerId' = ANY($1::text[]) OR payload->>'blockerId' = ANY($1::text[])
           ORDER BY seq`,
          [userIds],
        )
      ).map((row) => ({ subject: row.subject, payload: { ...row.payload, changedAt: undefined } }));
    const stateOf = async (userId: string) => {
      const [row] = await db.driver.query<{ followers: number; following: number; version: number }>(
        'SELECT followers, following, version FROM social.user_network WHERE user_id = $1::uuid',
        [userId],
      );
      return row;
    };
    const edgesBetween = async (a: string, b: string) => {
      const [row] = await db.driver.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM social.follows WHERE (follower_id = $1::uuid AND followee_id = $2::uuid) OR (follower_id = $2::uuid AND followee_id = $1::uuid)`,
        [a, b],
      );
      return row!.n;
    };
    /** Users whose followers/following differ from their edges (must be none). */
    const drifted = async (userIds: string[]) =>
      db.driver.query<{ user_id: string }>(
        `SELECT n.user_id::text FROM social.user_network n WHERE n.user_id = ANY($1::uuid[])
           AND (n.followers <> (SELECT count(*) FROM social.follows f WHERE f.followee_id = n.user_id)
             OR n.following <> (SELECT count(*) FROM social.follows f WHERE f.follower_id = n.user_id))`,
        [userIds],
      );

    test('a block cuts the edges both ways with their activities, moves both counts and writes the events once; follows are refused; an unblock leaves the edges cut', async () => {
      const [ada, bob] = [await member(), await member()];
      await follow(ctx, ada, bob);
      await follow(ctx, bob, ada);
      const before = (await outboxOf([ada, bob])).length;
      const blocked = { message: NETWORK_MESSAGES.blocked, isBlocked: true, followers: 0, following: 0 };
      assert.deepEqual(await block(ctx, ada, bob), blocked);
      assert.deepEqual(await block(ctx, ada, bob), blocked, 'already blocked: the same answer');
      assert.equal(await edgesBetween(ada, bob), 0);
      const [activities] = await db.driver.query<{ n: number }>(`SELECT count(*)::int AS n FROM social.activities WHERE user_id = ANY($1::uuid[])`, [
        [ada, bob],
      ]);
      assert.equal(activities!.n, 0, 'the follow activities go with the edges');
      const rows = (await outboxOf([ada, bob])).slice(before);
      assert.deepEqual(rows, [
        { subject: socialEvents.FollowChanged.subject, payload: { followerId: ada, followeeId: bob, following: false, changedAt: undefined } },
        { subject: socialEvents.FollowChanged.subject, payload: { followerId: bob, followeeId: ada, following: false, changedAt: undefined } },
        { subject: socialEvents.CountsChanged.subject, payload: { userId: ada, followers: 0, following: 0, recruited: 0, version: 3, changedAt: undefined } },
        { subject: socialEvents.CountsChanged.subject, payload: { userId: bob, followers: 0, following: 0, recruited: 0, version: 3, changedAt: undefined } },
        { subject: socialEvents.BlockChanged.subject, payload: { blockerId: ada, blockedId: bob, blocked: true, version: 3, changedAt: undefined } },
      ]);
      const stored = await db.driver.query<OutboxRow>(
        `SELECT subject, payload FROM social.outbox WHERE payload->>'blockerId' = $1 OR payload->>'userId' = $1`,
        [ada],
      );
      for (const row of stored) {
        const event = EVENTS.find((e) => e.subject === row.subject)!;
        assert.doesNotThrow(() => event.schema.parse(row.payload), 'each payload is valid for its event');
      }

      await assert.rejects(follow(ctx, ada, bob), { statusCode: 409, message: NETWORK_MESSAGES.followBlocked });
      await assert.rejects(follow(ctx, bob, ada), { statusCode: 409 });

      const unblocked = { message: NETWORK_MESSAGES.unblocked, isBlocked: false, followers: 0, following: 0 };
      assert.deepEqual(await unblock(ctx, ada, bob), unblocked);
      assert.deepEqual(await unblock(ctx, ada, bob), unblocked, 'no block: the same answer');
      assert.deepEqual((await outboxOf([ada, bob])).slice(before + 5), [
        { subject: socialEvents.BlockChanged.subject, payload: { blockerId: ada, blockedId: bob, blocked: false, version: 4, changedAt: undefined } },
      ]);
      assert.deepEqual(await stateOf(bob), { followers: 0, following: 0, version: 3 }, "an unblock moves only the blocker's version");
      assert.equal(await edgesBetween(ada, bob), 0, 'the edges the block cut stay cut');
      await follow(ctx, bob, ada);
      assert.equal(await edgesBetween(ada, bob), 1, 'following again is allowed after the unblock');
    });

    test("a block with no edges writes BlockChanged only and leaves the blocked user's version", async () => {
      const [ada, bob, carol] = [await member(), await member(), await member()];
      await follow(ctx, carol, ada);
      const before = (await outboxOf([ada, bob])).length;
      assert.deepEqual(await block(ctx, ada, bob), { message: NETWORK_MESSAGES.blocked, isBlocked: true, followers: 1, following: 0 });
      assert.deepEqual((await outboxOf([ada, bob])).slice(before), [
        { subject: socialEvents.BlockChanged.subject, payload: { blockerId: ada, blockedId: bob, blocked: true, version: 2, changedAt: undefined } },
      ]);
      assert.deepEqual(await stateOf(bob), { followers: 0, following: 0, version: 0 });
    });

    test('oneself, an unknown or erased user and an erased blocker are refused and write nothing', async () => {
      const [a, c] = [await member(), await member()];
      await assert.rejects(block(ctx, a, a), { statusCode: 400, message: NETWORK_MESSAGES.blockSelf });
      await assert.rejects(unblock(ctx, a, a), { statusCode: 400 });
      await assert.rejects(block(ctx, a, randomUUID()), { statusCode: 404, message: NETWORK_MESSAGES.userNotFound });
      await assert.rejects(unblock(ctx, a, randomUUID()), { statusCode: 404 });
      await db.driver.query('INSERT INTO social.deleted_users (user_id, deleted_at) VALUES ($1::uuid, now())', [c]);
      await assert.rejects(block(ctx, a, c), { statusCode: 404 }, 'an erased target is unknown');
      await assert.rejects(block(ctx, c, a), { statusCode: 401 }, 'an erased blocker is signed out');
      const [written] = await db.driver.query<{ blocks: number; events: number }>(
        `SELECT (SELECT count(*)::int FROM social.blocks WHERE blocker_id = ANY($1::uuid[])) AS blocks,
                (SELECT count(*)::int FROM social.outbox WHERE payload->>'blockerId' = ANY($1::text[])) AS events`,
        [[a, c]],
      );
      assert.deepEqual(written, { blocks: 0, events: 0 });
    });

    test('twenty blocks at once make one block and one event; blocks racing follows leave the counts equal to the edges', async () => {
      const [ada, bob] = [await member(), await member()];
      await follow(ctx, ada, bob);
      await follow(ctx, bob, ada);
      const answers = await Promise.all(Array.from({ length: 20 }, () => block(ctx, ada, bob)));
      for (const answer of answers) assert.deepEqual(answer, { message: NETWORK_MESSAGES.blocked, isBlocked: true, followers: 0, following: 0 });
      const [row] = await db.driver.query<{ blocks: number; events: number }>(
        `SELECT (SELECT count(*)::int FROM social.blocks WHERE blocker_id = $1::uuid) AS blocks,
                (SELECT count(*)::int FROM social.outbox WHERE payload->>'blockerId' = $1::text) AS events`,
        [ada],
      );
      assert.deepEqual(row, { blocks: 1, events: 1 });
      assert.deepEqual(await stateOf(ada), { followers: 0, following: 0, version: 3 }, 'one block moved the version once');
      assert.deepEqual(await stateOf(bob), { followers: 0, following: 0, version: 3 });

      // Follows both ways racing blocks and unblocks of other pairs: whatever the order, every count
      // equals its edges, and no edge exists across a block.
      const people = [await member(), await member(), await member(), await member()];
      const writes: Promise<unknown>[] = [];
      for (let i = 0; i < 24; i++) {
        const a = people[i % 4]!;
        const b = people[(i + 1 + (i % 3)) % 4]!;
        if (a === b) continue;
        const kind = i % 4;
        const write = kind === 0 ? block(ctx, a, b) : kind === 3 ? unblock(ctx, a, b) : follow(ctx, a, b);
        // A follow that meets a block is refused (409): part of the race, not a failure.
        writes.push(write.catch((error: { statusCode?: number }) => assert.equal(error.statusCode, 409)));
      }
      await Promise.all(writes);
      assert.deepEqual(await drifted(people), [], 'counts equal the edges');
      const [across] = await db.driver.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM social.follows f JOIN social.blocks b
           ON (b.blocker_id = f.follower_id AND b.blocked_id = f.followee_id) OR (b.blocker_id = f.followee_id AND b.blocked_id = f.follower_id)
         WHERE f.follower_id = ANY($1::uuid[])`,
        [people],
      );
      assert.equal(across!.n, 0, 'no follow edge stands across a block');
    });
  });
}
