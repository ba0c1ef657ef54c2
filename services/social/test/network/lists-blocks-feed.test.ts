// The citizen network's lists, blocks, feed and growth, from the social service alone (spec 2.9,
// 2.10, 4 "Block", 7.3): lists newest first with Follow Back and their privacy, blocks both ways, the
// network feed's scope and Network Growth. Follows themselves: follows.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { type EventPayload, NETWORK_MESSAGES, socialEvents, type TActivity, type TNetworkGrowth, type TUserActivities } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { useTestService } from '@civic/service-kit/testing';
import { MIGRATIONS_DIR, socialService } from '../../src/app.ts';
import { countsOf, edgeCount, network } from '../support/network-helpers.ts';
import { acts, feedOrder, followEdge, makeWide, type Member, pollUntil } from '../support/social-helpers.ts';
import { socialAccounts } from '../support/social-service.ts';

const ownFeed = (m: Member) => m.client.get<TActivity[]>('/api/activities?limit=50');
const networkFeed = (m: Member) => m.client.get<TActivity[]>('/api/activities?network=true&limit=50');
const activitiesOf = (viewer: Member, owner: Member) => viewer.client.get<TUserActivities>(`/api/users/${owner.id}/activities`);

describe('social network: lists, blocks, feed', () => {
  let tables: SqlDriver;
  let act: ReturnType<typeof acts>;
  let accounts: Awaited<ReturnType<typeof socialAccounts>>;
  const service = useTestService(socialService);
  const citizen = (first: string, last: string): Promise<Member> => accounts.register(first, last);
  const counts = {
    waitFor: (match: (p: EventPayload<typeof socialEvents.CountsChanged>) => boolean) => service.events.waitFor(socialEvents.CountsChanged, match),
  };
  const blocks = {
    waitFor: (match: (p: EventPayload<typeof socialEvents.BlockChanged>) => boolean) => service.events.waitFor(socialEvents.BlockChanged, match),
  };
  before(async () => {
    tables = (await service.platform.databases.open('social', MIGRATIONS_DIR)).driver;
    accounts = await socialAccounts(service);
    // Other services' events (priorities', briefing's), delivered as their relays would.
    act = acts({ publish: (event, payload, options) => service.events.deliver(event, payload, options) });
  });

  test('lists are newest first with Follow Back; a private profile shows its lists to its owner only', async () => {
    const eve = await citizen('Eve', 'Listed');
    const early = await citizen('Early', 'Fan');
    const late = await citizen('Late', 'Fan');
    const viewer = await citizen('Just', 'Looking');
    await network.follow(early, eve);
    await network.follow(late, eve);
    await network.follow(eve, early);
    await network.follow(viewer, late);

    const ownView = await network.followers(eve, eve);
    assert.equal(ownView.status, 200, ownView.text);
    assert.deepEqual(ownView.body, [
      { id: late.id, firstName: 'Late', lastName: 'Fan', profileImageUrl: null, isFollowing: false },
      { id: early.id, firstName: 'Early', lastName: 'Fan', profileImageUrl: null, isFollowing: true },
    ]);
    assert.deepEqual(
      (await network.followers(viewer, eve)).body.map((u) => [u.id, u.isFollowing]),
      [
        [late.id, true],
        [early.id, false],
      ],
    );
    assert.deepEqual(
      (await network.following(viewer, eve)).body.map((u) => u.id),
      [early.id],
    );
    assert.deepEqual(
      (await network.followers(eve, eve, '?limit=1&offset=1')).body.map((u) => u.id),
      [early.id],
    );
    for (const query of ['?limit=0', '?limit=101', '?offset=-1', '?colour=red']) {
      assert.equal((await network.followers(eve, eve, query)).status, 400, query);
    }

    await accounts.setPrivacy(eve, { profileVisibility: 'private' });
    const refused = await pollUntil(
      () => network.followers(viewer, eve),
      (r) => r.status === 403,
    );
    assert.equal((refused.body as unknown as { message: string }).message, NETWORK_MESSAGES.listPrivate);
    assert.equal((await network.following(viewer, eve)).status, 403);
    assert.equal((await network.followers(eve, eve)).body.length, 2, 'the owner still sees them');
  });

  test('a block cuts the edges both ways, refuses follows either way and hides activity both ways; unblocking leaves them cut', async () => {
    const gil = await citizen('Gil', 'Blocker');
    const hal = await citizen('Hal', 'Blocked');
    await network.follow(gil, hal);
    await network.follow(hal, gil);
    await act.createPriority(gil.id, 'A priority Hal will not see');
    await act.createPriority(hal.id, 'A priority Gil will not see');
    await pollUntil(
      () => activitiesOf(hal, gil),
      (r) => r.body.activities.some((a) => a.type === 'create_priority'),
    );

    const blocked = await network.block(gil, hal);
    assert.equal(blocked.status, 200, blocked.text);
    assert.deepEqual(blocked.body, { message: NETWORK_MESSAGES.blocked, isBlocked: true, followers: 0, following: 0 });
    assert.deepEqual((await network.block(gil, hal)).body, blocked.body, 'blocking twice changes nothing');
    assert.equal(await edgeCount(tables, gil, hal), 0);
    assert.equal(await edgeCount(tables, hal, gil), 0);
    assert.deepEqual(await countsOf(tables, hal.id), { followers: 0, following: 0 });
    assert.ok(!(await ownFeed(hal)).body.some((a) => a.type === 'follow'), "the blocked one's follow activity went with the edge");

    for (const [from, to] of [
      [hal, gil],
      [gil, hal],
    ] as const) {
      const refused = await network.follow(from, to);
      assert.equal(refused.status, 409, refused.text);
      assert.equal(refused.body.message, NETWORK_MESSAGES.followBlocked);
      const hiddenView = await activitiesOf(from, to);
      assert.deepEqual(hiddenView.body, { activities: [], isPrivate: false, hiddenBecause: 'blocked' });
    }
    assert.equal((await activitiesOf(gil, gil)).body.hiddenBecause, null, 'one sees one’s own');

    const list = await gil.client.get('/api/users/blocked');
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(
      list.body.map((u: { id: string; firstName: string }) => [u.id, u.firstName]),
      [[hal.id, 'Hal']],
    );
    assert.match(list.body[0].blockedAt, /^\d{4}-\d\d-\d\dT/);
    assert.deepEqual((await hal.client.get('/api/users/blocked')).body, [], "the blocked one's own list is theirs");

    const blockEvent = await blocks.waitFor((p) => p.blockerId === gil.id && p.blockedId === hal.id && p.blocked);
    await counts.waitFor((p) => p.userId === hal.id && p.followers === 0 && p.following === 0);

    const unblocked = await network.unblock(gil, hal);
    assert.deepEqual(unblocked.body, { message: NETWORK_MESSAGES.unblocked, isBlocked: false, followers: 0, following: 0 });
    assert.deepEqual((await network.unblock(gil, hal)).body, unblocked.body);
    const unblockEvent = await blocks.waitFor((p) => p.blockerId === gil.id && p.blockedId === hal.id && !p.blocked);
    assert.ok(unblockEvent.payload.version > blockEvent.payload.version);
    assert.equal(await edgeCount(tables, hal, gil), 0, 'the cut edges stay cut');
    assert.equal((await activitiesOf(hal, gil)).body.hiddenBecause, null);
    assert.equal((await network.follow(hal, gil)).status, 200, 'following again is allowed');
  });

  test('the network feed is the public activity of the people one follows, never of someone blocked', async () => {
    const ivy = await citizen('Ivy', 'Reader');
    const followed = await citizen('Jon', 'Followed');
    const stranger = await citizen('Kim', 'Stranger');
    const quiet = await citizen('Lee', 'Private');
    await network.follow(ivy, followed);
    await network.follow(ivy, quiet);
    const t1 = await act.createPriority(followed.id, 'Followed one: first');
    await act.createPriority(stranger.id, 'Stranger: never in the feed');
    const t2 = await act.vote(followed.id, 'endorse', 'Followed one: second');
    await act.createPriority(ivy.id, 'Own: never in the network feed');
    await accounts.setPrivacy(quiet, { activityVisibility: 'private' });
    await act.createPriority(quiet.id, 'Private: never in the feed');
    await pollUntil(
      () => tables.query('SELECT 1 FROM social.activities WHERE user_id = ANY($1::uuid[])', [[stranger.id, quiet.id, ivy.id]]),
      (rows) => rows.length >= 3,
    );
    await pollUntil(
      () => tables.query<{ activity_visibility: string }>('SELECT activity_visibility FROM social.members WHERE user_id = $1::uuid', [quiet.id]),
      (rows) => rows[0]?.activity_visibility === 'private',
    );

    const feed = await pollUntil(
      () => networkFeed(ivy),
      (r) => r.body.filter((a) => a.user.id === followed.id).length === 2,
    );
    assert.deepEqual(
      feed.body.map((a) => [a.user.id, a.createdAt]),
      [
        [followed.id, t2.at],
        [followed.id, t1.at],
      ],
    );

    // A block either way empties the feed of that citizen, also with an edge the block did not cut
    // (written here directly): the feed checks the blocks itself.
    assert.equal((await network.block(followed, ivy)).status, 200);
    await followEdge(tables, ivy, followed);
    assert.deepEqual((await networkFeed(ivy)).body, []);
  });

  test("the network feed's first page is the newest of all the followees' activities, however they interleave, fanned out or wide", async () => {
    // The feed takes fanned-out followees' activities from the reader's timeline and merges in the
    // wide followees' own, of which it reads only those whose newest activity is among the newest
    // (list-activities.ts): here one followee has the most recent run of activities, the others
    // interleave with it, and two activities share a timestamp (the id decides). The same answers
    // whether the followees are fanned out, all wide, or some of each.
    const reader = await citizen('Nia', 'Reader');
    const authors = await Promise.all(['One', 'Two', 'Three', 'Four'].map((n) => citizen('Author', n)));
    for (const author of authors) await followEdge(tables, reader, author);
    const base = Date.now() - 3_600_000;
    const written: { id: string; userId: string; at: number }[] = [];
    const write = async (author: Member, minutes: number, id = randomUUID()) => {
      written.push({ id, userId: author.id, at: base + minutes * 60_000 });
      await tables.query(
        `INSERT INTO social.activities (id, user_id, type, description, subject_id, source_event_id, created_at)
         VALUES ($1::uuid, $2::uuid, 'endorse', 'Endorsed "Interleaved"', NULL, $3::uuid, $4::timestamptz)`,
        [id, author.id, randomUUID(), new Date(base + minutes * 60_000).toISOString()],
      );
    };
    for (const minutes of [50, 49, 48, 47, 46, 10]) await write(authors[0]!, minutes);
    for (const minutes of [45, 30, 9]) await write(authors[1]!, minutes);
    await write(authors[2]!, 44, 'ffffffff-0000-4000-8000-000000000000');
    await write(authors[1]!, 44, '00000000-0000-4000-8000-000000000000');
    // Two followees whose newest activities share a time (45): which of them ranks first is the
    // activities' id, which the feed's choice of followees must not cut off.
    await write(authors[3]!, 45, 'ffffffff-0000-4000-8000-000000000001');
    const single = await citizen('Author', 'Five');
    await write(single, 50);
    const newestFirst = written.sort(feedOrder).map(({ id, userId }) => ({ id, userId }));
    const feedOf = async (viewer: Member, limit: number) => {
      const feed = await viewer.client.get<TActivity[]>(`/api/activities?network=true&limit=${limit}`);
      assert.equal(feed.status, 200, feed.text);
      return feed.body.map((a) => ({ id: a.id, userId: a.user.id }));
    };
    const expected = newestFirst.filter((a) => a.userId !== single.id);
    const tied = await citizen('Ola', 'Reader');
    // Followed after the activities were written: the follows copy them.
    for (const author of [single, authors[1]!, authors[3]!]) assert.equal((await network.follow(tied, author)).status, 200);
    const tiedExpected = newestFirst.filter((a) => [single.id, authors[1]!.id, authors[3]!.id].includes(a.userId));
    const readAll = async (mode: string) => {
      for (const limit of [1, 3, 6, 8, 20]) assert.deepEqual(await feedOf(reader, limit), expected.slice(0, limit), `${mode}, limit ${limit}`);
      for (const limit of [2, 3]) assert.deepEqual(await feedOf(tied, limit), tiedExpected.slice(0, limit), `${mode}, tied newest, limit ${limit}`);
    };
    // Written after the edges, so the activities_fan_out trigger put them in the timelines.
    await readAll('fanned out');
    // Wide accounts keep their old entries (the read takes each activity once) ...
    await makeWide(tables, [authors[0]!, authors[3]!]);
    await readAll('some wide');
    // ... and without them every activity comes from the activities themselves.
    await tables.query('DELETE FROM social.network_timeline WHERE actor_id = ANY($1::uuid[])', [[authors[0]!.id, authors[3]!.id]]);
    await readAll('some wide, their entries gone');
    await makeWide(tables, [...authors, single]);
    await tables.query('DELETE FROM social.network_timeline WHERE reader_id = ANY($1::uuid[])', [[reader.id, tied.id]]);
    await readAll('all wide');
  });

  test('Network Growth counts the followers of the last 7 and 30 days', async () => {
    const mia = await citizen('Mia', 'Growing');
    const fans = await Promise.all(['One', 'Two', 'Three', 'Four'].map((n) => citizen('Fan', n)));
    for (const fan of fans) assert.equal((await network.follow(fan, mia)).status, 200);
    const backdate = (fan: Member, days: number) =>
      tables.query(`UPDATE social.follows SET created_at = now() - make_interval(days => $3) WHERE follower_id = $1::uuid AND followee_id = $2::uuid`, [
        fan.id,
        mia.id,
        days,
      ]);
    await backdate(fans[1]!, 10);
    await backdate(fans[2]!, 29);
    await backdate(fans[3]!, 45);
    const growth = await mia.client.get<TNetworkGrowth>('/api/network/growth');
    assert.equal(growth.status, 200, growth.text);
    assert.deepEqual(growth.body, { thisWeek: 1, thisMonth: 3 });
    assert.deepEqual((await fans[0]!.client.get('/api/network/growth')).body, { thisWeek: 0, thisMonth: 0 });
  });
});
