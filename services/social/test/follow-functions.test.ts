// The SQL functions behind a follow and an unfollow (prisma/functions/follow_user.sql,
// unfollow_user.sql, lock_network_pair.sql), called as the routes call them (src/network/
// follow-edges.ts) on a freshly migrated database of their own, on both profiles: the follow
// activity's description, the outbox rows written with each through the kit's outbox (which the
// relay publishes) with the counts and versions the function answered, nothing written when nothing
// changes, and the refusals. The routes, the events through the bus and the concurrency:
// network/follows.test.ts, network-lock-order.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { NETWORK_MESSAGES, socialEvents } from '@civic/contracts';
import type { Platform } from '@civic/service-kit';
import type { SocialContext } from '../src/context.ts';
import { follow, unfollow } from '../src/network/follow-edges.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { type MigratedDatabase, openMigratedDatabase } from '../../../test/support/migrated-database.ts';

interface OutboxRow {
  subject: string;
  payload: Record<string, unknown>;
}

for (const { profile, skip } of await profilePlan()) {
  describe(`follow_user and unfollow_user (${profile})`, { skip }, () => {
    let db: MigratedDatabase;
    let ctx: SocialContext;
    before(async () => {
      db = await openMigratedDatabase(profile, 'social');
      ctx = { db: db.driver, platform: { clock: { now: () => new Date() } } as unknown as Platform } as unknown as SocialContext;
    });
    after(async () => {
      await db?.close();
    });

    async function member(firstName: string | null = 'Some', lastName: string | null = 'Citizen'): Promise<string> {
      const id = randomUUID();
      await db.driver.query('INSERT INTO social.members (user_id, first_name, last_name) VALUES ($1::uuid, $2, $3)', [id, firstName, lastName]);
      return id;
    }

    const outboxOf = async (userIds: string[]) =>
      db.driver.query<OutboxRow>(
        `SELECT subject, payload FROM social.outbox
         WHERE payload->>'userId' = ANY($1::text[]) OR payload->>'followerId' = ANY($1::text[]) ORDER BY seq`,
        [userIds],
      );
    const activitiesOf = async (userId: string) =>
      (await db.driver.query<{ description: string }>('SELECT description FROM social.activities WHERE user_id = $1::uuid', [userId])).map(
        (row) => row.description,
      );

    test('a follow writes the edge, the counts, three events with the counts filled in and the activity; once', async () => {
      const [fan, star] = [await member('Ada', 'Follower'), await member('Bob', 'Followee')];
      const answer = { message: NETWORK_MESSAGES.followed, isFollowing: true, followers: 1, following: 1 };
      assert.deepEqual(await follow(ctx, fan, star), answer);
      assert.deepEqual(await follow(ctx, fan, star), answer, 'the edge was there: the same answer');
      assert.deepEqual(await activitiesOf(fan), ['Followed Bob Followee']);
      const rows = await outboxOf([fan, star]);
      assert.deepEqual(
        rows.map((row) => row.subject),
        [socialEvents.CountsChanged.subject, socialEvents.CountsChanged.subject, socialEvents.FollowChanged.subject],
        'three events, written once, in the order the interactive transaction wrote them',
      );
      const [ofStar, ofFan, changed] = rows.map((row) => ({ ...row.payload, changedAt: undefined }));
      assert.deepEqual(ofStar, { userId: star, followers: 1, following: 0, recruited: 0, version: 1, changedAt: undefined });
      assert.deepEqual(ofFan, { userId: fan, followers: 0, following: 1, recruited: 0, version: 1, changedAt: undefined });
      assert.deepEqual(changed, { followerId: fan, followeeId: star, following: true, changedAt: undefined });
      for (const row of rows) {
        const event = row.subject === socialEvents.FollowChanged.subject ? socialEvents.FollowChanged : socialEvents.CountsChanged;
        assert.doesNotThrow(() => event.schema.parse(row.payload), 'each payload is valid for its event');
      }

      const unfollowed = { message: NETWORK_MESSAGES.unfollowed, isFollowing: false, followers: 0, following: 0 };
      assert.deepEqual(await unfollow(ctx, fan, star), unfollowed);
      assert.deepEqual(await unfollow(ctx, fan, star), unfollowed, 'no edge: the same answer');
      assert.deepEqual(await activitiesOf(fan), [], 'the activity goes with the edge');
      const after = (await outboxOf([fan, star])).slice(3).map((row) => ({ ...row.payload, changedAt: undefined }));
      assert.deepEqual(after, [
        { followerId: fan, followeeId: star, following: false, changedAt: undefined },
        { userId: star, followers: 0, following: 0, recruited: 0, version: 2, changedAt: undefined },
        { userId: fan, followers: 0, following: 0, recruited: 0, version: 2, changedAt: undefined },
      ]);
    });

    test('the activity names the followee by the names social holds, or "a citizen"', async () => {
      const cases: Array<[string | null, string | null, string]> = [
        ['Ada', 'Lovelace', 'Followed Ada Lovelace'],
        ['Ada', null, 'Followed Ada'],
        [null, 'Lovelace', 'Followed Lovelace'],
        [' Ada ', ' ', 'Followed Ada'],
        [null, null, 'Followed a citizen'],
        [' ', '', 'Followed a citizen'],
      ];
      const fan = await member();
      for (const [first, last, description] of cases) {
        const followee = await member(first, last);
        await follow(ctx, fan, followee);
        const [row] = await db.driver.query<{ description: string }>(
          `SELECT description FROM social.activities WHERE user_id = $1::uuid AND type = 'follow' AND subject_id = $2::uuid`,
          [fan, followee],
        );
        assert.equal(row?.description, description, `${first} / ${last}`);
      }
    });

    test('a block either way, an unknown or erased target and an erased follower write nothing', async () => {
      const [a, b, c] = [await member(), await member(), await member()];
      await db.driver.query('INSERT INTO social.blocks (blocker_id, blocked_id, created_at) VALUES ($1::uuid, $2::uuid, now())', [b, a]);
      await assert.rejects(follow(ctx, a, b), { statusCode: 409, message: NETWORK_MESSAGES.followBlocked });
      await assert.rejects(follow(ctx, b, a), { statusCode: 409 });
      await assert.rejects(follow(ctx, a, randomUUID()), { statusCode: 404, message: NETWORK_MESSAGES.userNotFound });
      await assert.rejects(unfollow(ctx, a, randomUUID()), { statusCode: 404 });
      await assert.rejects(follow(ctx, a, a), { statusCode: 400, message: NETWORK_MESSAGES.followSelf });
      await db.driver.query('INSERT INTO social.deleted_users (user_id, deleted_at) VALUES ($1::uuid, now())', [c]);
      await assert.rejects(follow(ctx, a, c), { statusCode: 404 }, 'an erased target is unknown');
      await assert.rejects(follow(ctx, c, a), { statusCode: 401 }, 'an erased follower is signed out');
      const [written] = await db.driver.query<{ edges: number; events: number; activities: number }>(
        `SELECT (SELECT count(*)::int FROM social.follows WHERE follower_id = ANY($1::uuid[])) AS edges,
                (SELECT count(*)::int FROM social.outbox WHERE payload->>'userId' = ANY($1::text[]) OR payload->>'followerId' = ANY($1::text[])) AS events,
                (SELECT count(*)::int FROM social.activities WHERE user_id = ANY($1::uuid[])) AS activities`,
        [[a, b, c]],
      );
      assert.deepEqual(written, { edges: 0, events: 0, activities: 0 });
    });
  });
}
