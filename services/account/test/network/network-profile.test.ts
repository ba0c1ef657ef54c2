// Issue 18, from the account service alone: the profile answer's standing (political capital and
// network counts of the owner) and the viewer's relation (isFollowing, isBlocked, isBlockedBy) from
// account's read models of the ledger's and social's events, and Discover's search by name. The events
// are delivered as the ledger's and social's relays hand them over; each is settled when delivered.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { ledgerEvents, NETWORK_MESSAGES, socialEvents } from '@civic/contracts';
import { useTestService } from '@civic/service-kit/testing';
import { accountService, MIGRATIONS_DIR } from '../../src/app.ts';
import { registerMember } from '../support/account-service.ts';

const at = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();

describe("account: the profile's network parts and Discover", () => {
  const service = useTestService(accountService);

  const balance = (userId: string, value: number, version: number) =>
    service.events.deliver(ledgerEvents.BalanceChanged, {
      userId,
      balance: value,
      version,
      entryId: randomUUID(),
      amount: 1,
      kind: 'daily_login',
      changedAt: at(),
    });
  const counts = (userId: string, followers: number, following: number, version: number) =>
    service.events.deliver(socialEvents.CountsChanged, { userId, followers, following, recruited: 0, version, changedAt: at() });
  const follow = (followerId: string, followeeId: string, following: boolean, changedAt: string) =>
    service.events.deliver(socialEvents.FollowChanged, { followerId, followeeId, following, changedAt });
  const block = (blockerId: string, blockedId: string, blocked: boolean, version: number) =>
    service.events.deliver(socialEvents.BlockChanged, { blockerId, blockedId, blocked, version, changedAt: at() });

  test("every viewer sees the owner's political capital and counts; the newest version wins", async () => {
    const owner = await registerMember(service, 'standing-owner');
    const viewer = await registerMember(service, 'standing-viewer');
    const standingSeen = async () => {
      const { body } = await viewer.client.get(`/api/users/${owner.id}/profile`);
      return { politicalCapital: body.politicalCapital, followers: body.followers, following: body.following };
    };
    assert.deepEqual(await standingSeen(), { politicalCapital: 0, followers: 0, following: 0 });
    await balance(owner.id, 25, 3);
    await counts(owner.id, 4, 2, 7);
    assert.deepEqual(await standingSeen(), { politicalCapital: 25, followers: 4, following: 2 });
    // Older versions arriving late change nothing; an event about the viewer is applied meanwhile.
    await balance(owner.id, 10, 2);
    await counts(owner.id, 1, 1, 6);
    await counts(viewer.id, 9, 0, 1);
    assert.equal((await viewer.client.get(`/api/users/${viewer.id}/profile`)).body.followers, 9);
    assert.deepEqual(await standingSeen(), { politicalCapital: 25, followers: 4, following: 2 });
    // The owner's own profile shows the same standing.
    const own = await owner.client.get(`/api/users/${owner.id}/profile`);
    assert.equal(own.body.politicalCapital, 25);
    assert.deepEqual([own.body.isFollowing, own.body.isBlocked, own.body.isBlockedBy], [false, false, false]);
  });

  test('isFollowing follows the latest follow change; blocks show as isBlocked and isBlockedBy by version', async () => {
    const owner = await registerMember(service, 'relation-owner');
    const viewer = await registerMember(service, 'relation-viewer');
    const relationSeen = async (client = viewer.client, id = owner.id) => {
      const { body } = await client.get(`/api/users/${id}/profile`);
      return { isFollowing: body.isFollowing, isBlocked: body.isBlocked, isBlockedBy: body.isBlockedBy };
    };
    await follow(viewer.id, owner.id, true, at());
    assert.equal((await relationSeen()).isFollowing, true);
    // An older unfollow arriving late leaves the edge; a newer one cuts it.
    await follow(viewer.id, owner.id, false, at(-60_000));
    assert.equal((await relationSeen()).isFollowing, true, 'the older unfollow changed nothing');
    await follow(viewer.id, owner.id, false, at(1000));
    assert.equal((await relationSeen()).isFollowing, false);

    await block(owner.id, viewer.id, true, 5);
    assert.equal((await relationSeen()).isBlockedBy, true);
    assert.deepEqual(await relationSeen(owner.client, viewer.id), { isFollowing: false, isBlocked: true, isBlockedBy: false });
    // A stale unblock (version 4) changes nothing; the unblock of version 6 does.
    await block(owner.id, viewer.id, false, 4);
    await block(viewer.id, owner.id, true, 1);
    assert.deepEqual(await relationSeen(), { isFollowing: false, isBlocked: true, isBlockedBy: true });
    await block(owner.id, viewer.id, false, 6);
    assert.deepEqual(await relationSeen(), { isFollowing: false, isBlocked: true, isBlockedBy: false });
  });

  test('a private profile shows the relation but no standing', async () => {
    const owner = await registerMember(service, 'private-standing');
    const viewer = await registerMember(service, 'private-viewer');
    assert.equal((await owner.client.patch('/api/settings', { profileVisibility: 'private' })).status, 200);
    await balance(owner.id, 30, 1);
    await follow(viewer.id, owner.id, true, at());
    const seen = await viewer.client.get(`/api/users/${owner.id}/profile`);
    assert.equal(seen.body.isFollowing, true);
    assert.equal(seen.body.isPrivate, true);
    assert.equal('politicalCapital' in seen.body, false);
    assert.equal('followers' in seen.body, false);
    const own = await owner.client.get(`/api/users/${owner.id}/profile`);
    assert.equal(own.body.politicalCapital, 30);
    assert.equal(own.body.isPrivate, false);
  });

  test('Discover finds public profiles by first, last or full name, never the caller, a private profile or anyone blocked either way', async () => {
    const tag = randomUUID().slice(0, 6);
    const searcher = await registerMember(service, 'searcher');
    const ada = await registerMember(service, 'ada');
    const adam = await registerMember(service, 'adam');
    const hidden = await registerMember(service, 'hidden');
    const blocker = await registerMember(service, 'blocker');
    const blockee = await registerMember(service, 'blockee');
    const name = async (c: { client: typeof searcher.client; id: string }, firstName: string, lastName: string) =>
      assert.equal((await c.client.patch(`/api/users/${c.id}/profile`, { firstName, lastName })).status, 200);
    await name(searcher, 'Ada', `Searcher${tag}`);
    await name(ada, 'Ada', `Lovelace${tag}`);
    await name(adam, 'Adam', `Smith${tag}`);
    await name(hidden, 'Ada', `Hidden${tag}`);
    await name(blocker, 'Ada', `Blocker${tag}`);
    await name(blockee, 'Ada', `Blockee${tag}`);
    assert.equal((await hidden.client.patch('/api/settings', { profileVisibility: 'private' })).status, 200);

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
    assert.deepEqual(sorted(await search(tag)), sorted([ada.id, adam.id]));
    await block(searcher.id, blockee.id, false, 2);
    assert.ok((await search(tag)).includes(blockee.id));

    const limited = await searcher.client.get(`/api/users/search?q=${tag}&limit=1`);
    assert.equal(limited.body.length, 1);
    for (const q of ['a', ' a ', 'x'.repeat(101)]) {
      const bad = await searcher.client.get(`/api/users/search?q=${encodeURIComponent(q)}`);
      assert.equal(bad.status, 400, q);
      assert.equal(bad.body.message, NETWORK_MESSAGES.search);
    }
    assert.equal((await service.asVisitor().get(`/api/users/search?q=${tag}`)).status, 401);
  });

  test('deleting an account erases its standing, edges and blocks, and late events about it make none again', async () => {
    const leaving = await registerMember(service, 'leaving');
    const stays = await registerMember(service, 'stays');
    await balance(leaving.id, 12, 1);
    await follow(leaving.id, stays.id, true, at());
    await block(stays.id, leaving.id, true, 1);
    const seen = (await leaving.client.get(`/api/users/${stays.id}/profile`)).body;
    assert.ok(seen.isFollowing && seen.isBlockedBy);
    const { driver: tables } = await service.platform.databases.open('account', MIGRATIONS_DIR);
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
    const gone = await leaving.client.delete('/api/account', { body: { confirmation: 'DELETE' } });
    assert.equal(gone.status, 200, gone.text);
    assert.equal(Number(await rowsAbout()), 0);
    // Late events about the deleted user, each settled when delivered: none of them makes a row again.
    await balance(leaving.id, 13, 2);
    await follow(stays.id, leaving.id, true, at());
    await block(leaving.id, stays.id, true, 1);
    // Events about the one who stays are still applied.
    await counts(stays.id, 3, 0, 1);
    await balance(stays.id, 77, 1);
    const after = (await stays.client.get(`/api/users/${stays.id}/profile`)).body;
    assert.deepEqual([after.followers, after.politicalCapital], [3, 77]);
    assert.equal(Number(await rowsAbout()), 0);
  });
});
