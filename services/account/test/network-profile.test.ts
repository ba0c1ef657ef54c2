// Issue 18, on both profiles: the profile answer's standing (political capital and network counts of
// the owner) and the viewer's relation (isFollowing, isBlocked, isBlockedBy) from account's read models
// of the ledger's and social's events, and Discover's search by name. The events come from a test
// producer on the ledger's and social's streams, as those services publish them.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { ledgerEvents, NETWORK_MESSAGES, socialEvents } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { openAdminDatabase } from '../../../test/support/admin-database.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { startTestProducer, type TestProducer } from '../../../test/support/test-producer.ts';
import { MIGRATIONS_DIR } from '../src/app.ts';
import { patch, pollUntil, signInWithProfile } from './support/account-helpers.ts';

const at = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();

for (const { profile, skip } of await profilePlan()) {
  describe(`account: the profile's network parts and Discover (${profile})`, { skip }, () => {
    let producer: TestProducer;
    let tables: SqlDriver;
    const stack = useStack(profile, { services: ['auth', 'account'], env: { RATE_LIMIT_SIGN_IN_MAIL: '1000' } });
    before(async () => {
      producer = await startTestProducer(stack);
      tables =
        stack.profile === 'distributed'
          ? openAdminDatabase(stack, 'account')
          : (await stack.platforms.account!.databases.open('account', MIGRATIONS_DIR)).driver;
    });

    const balance = (userId: string, value: number, version: number) =>
      producer.publish(ledgerEvents.BalanceChanged, {
        userId,
        balance: value,
        version,
        entryId: randomUUID(),
        amount: 1,
        kind: 'daily_login',
        changedAt: at(),
      });
    const counts = (userId: string, followers: number, following: number, version: number) =>
      producer.publish(socialEvents.CountsChanged, { userId, followers, following, recruited: 0, version, changedAt: at() });
    const follow = (followerId: string, followeeId: string, following: boolean, changedAt: string) =>
      producer.publish(socialEvents.FollowChanged, { followerId, followeeId, following, changedAt });
    const block = (blockerId: string, blockedId: string, blocked: boolean, version: number) =>
      producer.publish(socialEvents.BlockChanged, { blockerId, blockedId, blocked, version, changedAt: at() });

    test("every viewer sees the owner's political capital and counts; the newest version wins", async () => {
      const owner = await signInWithProfile(stack, 'standing-owner');
      const viewer = await signInWithProfile(stack, 'standing-viewer');
      const standingSeen = async () => {
        const { body } = await viewer.client.get(`/api/users/${owner.id}/profile`);
        return { politicalCapital: body.politicalCapital, followers: body.followers, following: body.following };
      };
      // The owner's profile answers once account has the registration (under load, a moment after sign-in).
      await pollUntil(standingSeen, (s) => s.politicalCapital !== undefined);
      assert.deepEqual(await standingSeen(), { politicalCapital: 0, followers: 0, following: 0 });
      await balance(owner.id, 25, 3);
      await counts(owner.id, 4, 2, 7);
      await pollUntil(standingSeen, (s) => s.politicalCapital === 25 && s.followers === 4);
      assert.deepEqual(await standingSeen(), { politicalCapital: 25, followers: 4, following: 2 });
      // Older versions arriving late change nothing; a marker event about the viewer shows they were handled.
      await balance(owner.id, 10, 2);
      await counts(owner.id, 1, 1, 6);
      await counts(viewer.id, 9, 0, 1);
      await pollUntil(
        async () => (await viewer.client.get(`/api/users/${viewer.id}/profile`)).body.followers,
        (f) => f === 9,
      );
      assert.deepEqual(await standingSeen(), { politicalCapital: 25, followers: 4, following: 2 });
      // The owner's own profile shows the same standing.
      const own = await owner.client.get(`/api/users/${owner.id}/profile`);
      assert.equal(own.body.politicalCapital, 25);
      assert.deepEqual([own.body.isFollowing, own.body.isBlocked, own.body.isBlockedBy], [false, false, false]);
    });

    test('isFollowing follows the latest follow change; blocks show as isBlocked and isBlockedBy by version', async () => {
      const owner = await signInWithProfile(stack, 'relation-owner');
      const viewer = await signInWithProfile(stack, 'relation-viewer');
      const relationSeen = async (client = viewer.client, id = owner.id) => {
        const { body } = await client.get(`/api/users/${id}/profile`);
        return { isFollowing: body.isFollowing, isBlocked: body.isBlocked, isBlockedBy: body.isBlockedBy };
      };
      await follow(viewer.id, owner.id, true, at());
      await pollUntil(relationSeen, (r) => r.isFollowing);
      // An older unfollow arriving late leaves the edge; a newer one cuts it.
      await follow(viewer.id, owner.id, false, at(-60_000));
      await follow(viewer.id, owner.id, false, at(1000));
      await pollUntil(relationSeen, (r) => !r.isFollowing);

      await block(owner.id, viewer.id, true, 5);
      await pollUntil(relationSeen, (r) => r.isBlockedBy);
      assert.deepEqual(await relationSeen(owner.client, viewer.id), { isFollowing: false, isBlocked: true, isBlockedBy: false });
      // A stale unblock (version 4) changes nothing; the unblock of version 6 does.
      await block(owner.id, viewer.id, false, 4);
      await block(viewer.id, owner.id, true, 1);
      await pollUntil(relationSeen, (r) => r.isBlocked);
      assert.deepEqual(await relationSeen(), { isFollowing: false, isBlocked: true, isBlockedBy: true });
      await block(owner.id, viewer.id, false, 6);
      await pollUntil(relationSeen, (r) => !r.isBlockedBy);
      assert.deepEqual(await relationSeen(), { isFollowing: false, isBlocked: true, isBlockedBy: false });
    });

    test('a private profile shows the relation but no standing', async () => {
      const owner = await signInWithProfile(stack, 'private-standing');
      const viewer = await signInWithProfile(stack, 'private-viewer');
      assert.equal((await patch(owner.client, '/api/settings', { profileVisibility: 'private' })).status, 200);
      await balance(owner.id, 30, 1);
      await follow(viewer.id, owner.id, true, at());
      const seen = await pollUntil(
        () => viewer.client.get(`/api/users/${owner.id}/profile`),
        (r) => r.body.isFollowing === true,
      );
      assert.equal(seen.body.isPrivate, true);
      assert.equal('politicalCapital' in seen.body, false);
      assert.equal('followers' in seen.body, false);
      const own = await pollUntil(
        () => owner.client.get(`/api/users/${owner.id}/profile`),
        (r) => r.body.politicalCapital === 30,
      );
      assert.equal(own.body.isPrivate, false);
    });

    test('Discover finds public profiles by first, last or full name, never the caller, a private profile or anyone blocked either way', async () => {
      const tag = randomUUID().slice(0, 6);
      const searcher = await signInWithProfile(stack, 'searcher');
      const ada = await signInWithProfile(stack, 'ada');
      const adam = await signInWithProfile(stack, 'adam');
      const hidden = await signInWithProfile(stack, 'hidden');
      const blocker = await signInWithProfile(stack, 'blocker');
      const blockee = await signInWithProfile(stack, 'blockee');
      const name = async (c: { client: typeof searcher.client; id: string }, firstName: string, lastName: string) =>
        assert.equal((await patch(c.client, `/api/users/${c.id}/profile`, { firstName, lastName })).status, 200);
      await name(searcher, 'Ada', `Searcher${tag}`);
      await name(ada, 'Ada', `Lovelace${tag}`);
      await name(adam, 'Adam', `Smith${tag}`);
      await name(hidden, 'Ada', `Hidden${tag}`);
      await name(blocker, 'Ada', `Blocker${tag}`);
      await name(blockee, 'Ada', `Blockee${tag}`);
      assert.equal((await patch(hidden.client, '/api/settings', { profileVisibility: 'private' })).status, 200);

      const search = async (q: string) => {
        const answer = await searcher.client.get(`/api/users/search?q=${encodeURIComponent(q)}`);
        assert.equal(answer.status, 200, answer.text);
        return (answer.body as { id: string }[]).map((r) => r.id);
      };
      const sorted = (ids: string[]) => [...ids].sort();
      assert.deepEqual(sorted(await search(tag)), sorted([ada.id, adam.id, blocker.id, blockee.id]), 'by last name; not self, not private');
      assert.deepEqual(await search(`ada lovelace${tag.toUpperCase()}`), [ada.id], 'by full name, case-insensitive');
      assert.deepEqual(await search(`Smith${tag}`), [adam.id]);
      const found = await searcher.client.get(`/api/users/search?q=lovelace${tag}`);
      assert.deepEqual(found.body, [{ id: ada.id, firstName: 'Ada', lastName: `Lovelace${tag}`, profileImageUrl: null, location: null, occupation: null }]);
      assert.deepEqual(await search(`%${tag}`), [], 'a % is a literal character, not a wildcard');

      // Blocked either way: the searcher blocked one, another blocked the searcher.
      await block(searcher.id, blockee.id, true, 1);
      await block(blocker.id, searcher.id, true, 1);
      await pollUntil(
        () => search(tag),
        (ids) => ids.length === 2,
      );
      assert.deepEqual(sorted(await search(tag)), sorted([ada.id, adam.id]));
      await block(searcher.id, blockee.id, false, 2);
      await pollUntil(
        () => search(tag),
        (ids) => ids.includes(blockee.id),
      );

      const limited = await searcher.client.get(`/api/users/search?q=${tag}&limit=1`);
      assert.equal(limited.body.length, 1);
      for (const q of ['a', ' a ', 'x'.repeat(101)]) {
        const bad = await searcher.client.get(`/api/users/search?q=${encodeURIComponent(q)}`);
        assert.equal(bad.status, 400, q);
        assert.equal(bad.body.message, NETWORK_MESSAGES.search);
      }
      assert.equal((await stack.client().get(`/api/users/search?q=${tag}`)).status, 401);
    });

    test('deleting an account erases its standing, edges and blocks, and late events about it make none again', async () => {
      const leaving = await signInWithProfile(stack, 'leaving');
      const stays = await signInWithProfile(stack, 'stays');
      await balance(leaving.id, 12, 1);
      await follow(leaving.id, stays.id, true, at());
      await block(stays.id, leaving.id, true, 1);
      await pollUntil(
        async () => (await leaving.client.get(`/api/users/${stays.id}/profile`)).body,
        (b) => b.isFollowing && b.isBlockedBy,
      );
      const rowsAbout = async () =>
        (
          await tables.query<{ n: number }>(
            `SELECT (SELECT count(*) FROM account.standings WHERE user_id = $1::uuid)
                  + (SELECT count(*) FROM account.follows WHERE $1::uuid IN (follower_id, followee_id))
                  + (SELECT count(*) FROM account.blocks WHERE $1::uuid IN (blocker_id, blocked_id)) AS n`,
            [leaving.id],
          )
        )[0]!.n;
      assert.equal(Number(await rowsAbout()), 3);
      const gone = await leaving.client.request('DELETE', '/api/account', { body: { confirmation: 'DELETE' } });
      assert.equal(gone.status, 200, gone.text);
      assert.equal(Number(await rowsAbout()), 0);
      // Late events about the deleted user, then a marker: none of them makes a row again.
      await balance(leaving.id, 13, 2);
      await follow(stays.id, leaving.id, true, at());
      await block(leaving.id, stays.id, true, 1);
      // One marker per stream (the ledger's and social's events are consumed apart).
      await counts(stays.id, 3, 0, 1);
      await balance(stays.id, 77, 1);
      await pollUntil(
        async () => (await stays.client.get(`/api/users/${stays.id}/profile`)).body,
        (b) => b.followers === 3 && b.politicalCapital === 77,
      );
      assert.equal(Number(await rowsAbout()), 0);
    });
  });
}
