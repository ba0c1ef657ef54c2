// The citizen network through the gateway, on both run profiles (spec 2.9, 2.10, 3, 4 "Follow" and
// "Block", 7.3): follows (idempotent, one edge however many arrive at once), the counts and their
// events, the follow activity, lists and their privacy, blocks both ways, the network feed's scope
// and Network Growth.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { NETWORK_MESSAGES, socialEvents, type TActivity, type TNetworkGrowth, type TUserActivities } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { type EventProbe, probeEvents } from '../../../test/support/event-probe.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { startTestProducer } from '../../../test/support/test-producer.ts';
import { countsOf, countsThatDrifted, edgeCount, network, signInCitizen } from './support/network-helpers.ts';
import { acts, followEdge, type Member, openSocialTables, pollUntil } from './support/social-helpers.ts';

const ownFeed = (m: Member) => m.client.get<TActivity[]>('/api/activities?limit=50');
const networkFeed = (m: Member) => m.client.get<TActivity[]>('/api/activities?network=true&limit=50');
const activitiesOf = (viewer: Member, owner: Member) => viewer.client.get<TUserActivities>(`/api/users/${owner.id}/activities`);
// Account stats gather every count owner's part (social, priorities, briefing: the stack starts them).
const stats = async (m: Member) => (await m.client.get('/api/account/stats')).body as { followersCount: number; followingCount: number };

for (const { profile, skip } of await profilePlan()) {
  describe(`social network (${profile})`, { skip }, () => {
    let tables: SqlDriver;
    let act: ReturnType<typeof acts>;
    let follows: EventProbe<typeof socialEvents.FollowChanged>;
    let counts: EventProbe<typeof socialEvents.CountsChanged>;
    let blocks: EventProbe<typeof socialEvents.BlockChanged>;
    const stack = useStack(profile, { services: ['auth', 'account', 'social', 'priorities', 'briefing'], env: { RATE_LIMIT_SIGN_IN_MAIL: '1000' } });
    const citizen = (first: string, last: string) => signInCitizen(stack, tables, first, last);
    before(async () => {
      tables = await openSocialTables(stack);
      act = acts(await startTestProducer(stack));
      follows = await probeEvents(stack.platforms.social!, socialEvents.FollowChanged, `probe_follows_${profile}`);
      counts = await probeEvents(stack.platforms.social!, socialEvents.CountsChanged, `probe_counts_${profile}`);
      blocks = await probeEvents(stack.platforms.social!, socialEvents.BlockChanged, `probe_blocks_${profile}`);
    });
    after(async () => {
      await Promise.all([follows?.stop(), counts?.stop(), blocks?.stop()]);
    });

    test('following is idempotent, counted, published once and recorded as an activity; unfollowing undoes it', async () => {
      const ada = await citizen('Ada', 'Follower');
      const bob = await citizen('Bob', 'Followee');

      const first = await network.follow(ada, bob);
      assert.equal(first.status, 200, first.text);
      assert.deepEqual(first.body, { message: NETWORK_MESSAGES.followed, isFollowing: true, followers: 1, following: 1 });
      assert.deepEqual((await network.follow(ada, bob)).body, first.body, 'following twice is one edge');
      assert.equal(await edgeCount(tables, ada, bob), 1);
      assert.deepEqual(await countsOf(tables, bob.id), { followers: 1, following: 0 });
      assert.equal((await stats(bob)).followersCount, 1, 'account stats count from social');
      assert.equal((await stats(ada)).followingCount, 1);

      const own = await ownFeed(ada);
      assert.deepEqual(
        own.body.map(({ type, description }) => ({ type, description })),
        [{ type: 'follow', description: 'Followed Bob Followee' }],
      );

      await follows.waitFor((p) => p.followerId === ada.id && p.followeeId === bob.id && p.following);
      const bobCounts = await counts.waitFor((p) => p.userId === bob.id && p.followers === 1);
      assert.equal(bobCounts.payload.version, 1);
      assert.deepEqual(
        { ...(await counts.waitFor((p) => p.userId === ada.id)).payload, changedAt: undefined, version: undefined },
        { userId: ada.id, followers: 0, following: 1, recruited: 0, changedAt: undefined, version: undefined },
      );

      const unfollowed = await network.unfollow(ada, bob);
      assert.equal(unfollowed.status, 200, unfollowed.text);
      assert.deepEqual(unfollowed.body, { message: NETWORK_MESSAGES.unfollowed, isFollowing: false, followers: 0, following: 0 });
      assert.deepEqual((await network.unfollow(ada, bob)).body, unfollowed.body, 'unfollowing twice changes nothing');
      assert.deepEqual((await ownFeed(ada)).body, [], 'the follow activity goes with the edge');
      const dropped = await counts.waitFor((p) => p.userId === bob.id && p.followers === 0);
      assert.equal(dropped.payload.version, 2);
      await follows.waitFor((p) => p.followerId === ada.id && p.followeeId === bob.id && !p.following);
      // Each real change once: two FollowChanged for the pair, two CountsChanged for each of them.
      const ofPair = follows.received.filter((e) => e.payload.followerId === ada.id && e.payload.followeeId === bob.id);
      assert.deepEqual(
        ofPair.map((e) => e.payload.following),
        [true, false],
      );
      assert.equal(counts.received.filter((e) => e.payload.userId === bob.id).length, 2);
      assert.equal((await stats(bob)).followersCount, 0);
    });

    test('twenty follows of one pair at once make one edge and count once; twenty followers at once count twenty', async () => {
      const star = await citizen('Star', 'Citizen');
      const fan = await citizen('Eager', 'Fan');
      const answers = await Promise.all(Array.from({ length: 20 }, () => network.follow(fan, star)));
      for (const answer of answers) {
        assert.equal(answer.status, 200, answer.text);
        assert.deepEqual(answer.body, { message: NETWORK_MESSAGES.followed, isFollowing: true, followers: 1, following: 1 });
      }
      assert.equal(await edgeCount(tables, fan, star), 1);
      assert.deepEqual(await countsOf(tables, star.id), { followers: 1, following: 0 });
      assert.equal((await ownFeed(fan)).body.length, 1, 'one follow activity');

      const crowd = await Promise.all(Array.from({ length: 19 }, (_, i) => citizen('Crowd', `Member${i}`)));
      const crowdAnswers = await Promise.all(crowd.map((m) => network.follow(m, star)));
      assert.ok(crowdAnswers.every((a) => a.status === 200));
      assert.deepEqual(await countsOf(tables, star.id), { followers: 20, following: 0 });
      assert.deepEqual(await countsThatDrifted(tables, [star.id, fan.id, ...crowd.map((m) => m.id)]), []);
      assert.equal((await network.followers(star, star, '?limit=100')).body.length, 20);
    });

    test('oneself is a 400, an unknown id a 404, a visitor a 401', async () => {
      const ida = await citizen('Ida', 'Self');
      for (const call of [network.follow, network.unfollow]) {
        const self = await call(ida, ida);
        assert.equal(self.status, 400, self.text);
        assert.equal(self.body.message, NETWORK_MESSAGES.followSelf);
      }
      for (const call of [network.block, network.unblock]) {
        const self = await call(ida, ida);
        assert.equal(self.status, 400, self.text);
        assert.equal(self.body.message, NETWORK_MESSAGES.blockSelf);
      }
      for (const target of [randomUUID(), 'not-a-user']) {
        for (const call of [network.follow, network.unfollow, network.block, network.unblock]) {
          const unknown = await call(ida, target);
          assert.equal(unknown.status, 404, `${target}: ${unknown.text}`);
          assert.equal(unknown.body.message, NETWORK_MESSAGES.userNotFound);
        }
        assert.equal((await ida.client.get(`/api/users/${target}/followers`)).status, 404);
      }
      const visitor = stack.client();
      assert.equal((await visitor.request('POST', `/api/users/${ida.id}/follow`)).status, 401);
      assert.equal((await visitor.request('POST', `/api/users/${ida.id}/block`)).status, 401);
      assert.equal((await visitor.get(`/api/users/${ida.id}/followers`)).status, 401);
      assert.equal((await visitor.get('/api/users/blocked')).status, 401);
      assert.equal((await visitor.get('/api/network/growth')).status, 401);
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

      const hidden = await eve.client.request('PATCH', '/api/settings', { body: { profileVisibility: 'private' } });
      assert.equal(hidden.status, 200, hidden.text);
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
      const hidden = await quiet.client.request('PATCH', '/api/settings', { body: { activityVisibility: 'private' } });
      assert.equal(hidden.status, 200, hidden.text);
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

    test("the network feed's first page is the newest of all the followees' activities, however they interleave", async () => {
      // The feed reads only the followees whose newest activity is among the newest (list-activities.ts):
      // here one followee has the most recent run of activities, the others interleave with it,
      // and two activities share a timestamp (the id decides).
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
      const newestFirst = written.sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1)).map(({ id, userId }) => ({ id, userId }));
      const feedOf = async (viewer: Member, limit: number) => {
        const feed = await viewer.client.get<TActivity[]>(`/api/activities?network=true&limit=${limit}`);
        assert.equal(feed.status, 200, feed.text);
        return feed.body.map((a) => ({ id: a.id, userId: a.user.id }));
      };
      const expected = newestFirst.filter((a) => a.userId !== single.id);
      for (const limit of [1, 3, 6, 8, 20]) assert.deepEqual(await feedOf(reader, limit), expected.slice(0, limit), `limit ${limit}`);
      const tied = await citizen('Ola', 'Reader');
      for (const author of [single, authors[1]!, authors[3]!]) await followEdge(tables, tied, author);
      const tiedExpected = newestFirst.filter((a) => [single.id, authors[1]!.id, authors[3]!.id].includes(a.userId));
      for (const limit of [2, 3]) assert.deepEqual(await feedOf(tied, limit), tiedExpected.slice(0, limit), `tied newest, limit ${limit}`);
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
}
