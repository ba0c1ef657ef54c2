// The citizen network's follows, from the social service alone (spec 2.9, 3, 4 "Follow", 7.3):
// idempotent, one edge however many arrive at once (on PostgreSQL where it answers), the counts and
// their events, the follow activity, and the refusals (oneself, unknown citizens, visitors). Lists,
// blocks, the feed and Network Growth: lists-blocks-feed.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { AUTH_REQUESTS, type EventPayload, NETWORK_MESSAGES, socialEvents, type TActivity } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { useTestService } from '@civic/service-kit/testing';
import { MIGRATIONS_DIR, socialService } from '../../src/app.ts';
import { countsOf, countsThatDrifted, edgeCount, network } from '../support/network-helpers.ts';
import type { Member } from '../support/social-helpers.ts';
import { socialAccounts } from '../support/social-service.ts';

const ownFeed = (m: Member) => m.client.get<TActivity[]>('/api/activities?limit=50');

describe('social network: follows', () => {
  let tables: SqlDriver;
  let accounts: Awaited<ReturnType<typeof socialAccounts>>;
  const service = useTestService(socialService);
  const citizen = (first: string, last: string): Promise<Member> => accounts.register(first, last);
  const follows = {
    waitFor: (match: (p: EventPayload<typeof socialEvents.FollowChanged>) => boolean) => service.events.waitFor(socialEvents.FollowChanged, match),
    get received() {
      return service.events.published(socialEvents.FollowChanged);
    },
  };
  const counts = {
    waitFor: (match: (p: EventPayload<typeof socialEvents.CountsChanged>) => boolean) => service.events.waitFor(socialEvents.CountsChanged, match),
    get received() {
      return service.events.published(socialEvents.CountsChanged);
    },
  };
  before(async () => {
    tables = (await service.platform.databases.open('social', MIGRATIONS_DIR)).driver;
    accounts = await socialAccounts(service);
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
  });

  test('twenty follows of one pair at once make one edge and count once; ten followers at once count ten', async () => {
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

    const crowd = await Promise.all(Array.from({ length: 9 }, (_, i) => citizen('Crowd', `Member${i}`)));
    const crowdAnswers = await Promise.all(crowd.map((m) => network.follow(m, star)));
    assert.ok(crowdAnswers.every((a) => a.status === 200));
    assert.deepEqual(await countsOf(tables, star.id), { followers: 10, following: 0 });
    assert.deepEqual(await countsThatDrifted(tables, [star.id, fan.id, ...crowd.map((m) => m.id)]), []);
    assert.equal((await network.followers(star, star, '?limit=100')).body.length, 10);
  });

  test('a citizen who signed up a moment ago (not yet in social) can be followed and blocked at once', async () => {
    const [kai, new1, new2] = await Promise.all([citizen('Kai', 'Early'), citizen('Lia', 'New'), citizen('Max', 'New')]);
    // As if their registration events had not reached social yet (the member rows are not there).
    await tables.query('DELETE FROM social.members WHERE user_id = ANY($1::uuid[])', [[new1.id, new2.id]]);
    const followed = await network.follow(kai, new1);
    assert.equal(followed.status, 200, followed.text);
    assert.equal(followed.body.followers, 1);
    const blocked = await network.block(kai, new2);
    assert.equal(blocked.status, 200, blocked.text);
    const rows = await tables.query<{ user_id: string }>('SELECT user_id::text FROM social.members WHERE user_id = ANY($1::uuid[]) ORDER BY user_id', [
      [new1.id, new2.id],
    ]);
    assert.equal(rows.length, 2, 'auth vouched for both: their member rows were added');
    assert.deepEqual(
      service.requests
        .asked(AUTH_REQUESTS.userLookup)
        .map((ask) => ask.payload.userId)
        .filter((id) => id === new1.id || id === new2.id)
        .sort(),
      [new1.id, new2.id].sort(),
      'social asked auth about each',
    );
  });

  test('the follow marks of shown citizens: exactly those of the given ids the caller follows', async () => {
    const [viewer, one, two, three] = await Promise.all([
      citizen('Vic', 'Viewer'),
      citizen('One', 'Shown'),
      citizen('Two', 'Shown'),
      citizen('Three', 'Shown'),
    ]);
    for (const followee of [one, three]) assert.equal((await network.follow(viewer, followee)).status, 200);
    const among = (ids: string) => viewer.client.get(`/api/network/following?${new URLSearchParams({ ids })}`);
    const ids = [one, two, three].map((m) => m.id);
    const marks = await among([...ids, randomUUID()].join(','));
    assert.equal(marks.status, 200, marks.text);
    assert.deepEqual(marks.body, [one.id, three.id].sort());
    assert.deepEqual((await among(ids.map((id) => id.toUpperCase()).join(','))).body, [one.id, three.id].sort(), 'any case');
    assert.equal((await network.unfollow(viewer, one)).status, 200);
    assert.deepEqual((await among(ids.join(','))).body, [three.id], 'right after an unfollow');
    for (const bad of ['', 'not-a-user', `${one.id},`, Array.from({ length: 101 }, () => randomUUID()).join(',')]) {
      const refused = await among(bad);
      assert.equal(refused.status, 400, `${bad.slice(0, 40)}: ${refused.text}`);
      assert.equal(refused.body.message, NETWORK_MESSAGES.ids);
    }
    assert.equal((await service.asVisitor().get(`/api/network/following?ids=${one.id}`)).status, 401);
  });

  // Logging out the same way: services/auth/test/sessions.test.ts.
  test('bodiless calls sent with the JSON content type and an empty body work (spec 7: bodies are JSON)', async () => {
    const eve = await citizen('Eve', 'Empty');
    const fay = await citizen('Fay', 'Followed');
    const empty = { rawBody: '', headers: { 'content-type': 'application/json' } };
    for (const [method, path] of [
      ['POST', `/api/users/${fay.id}/follow`],
      ['DELETE', `/api/users/${fay.id}/follow`],
      ['POST', `/api/users/${fay.id}/block`],
      ['DELETE', `/api/users/${fay.id}/block`],
    ] as const) {
      const answer = await eve.client.request(method, path, empty);
      assert.equal(answer.status, 200, `${method} ${path}: ${answer.text}`);
    }
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
    const visitor = service.asVisitor();
    assert.equal((await visitor.request('POST', `/api/users/${ida.id}/follow`)).status, 401);
    assert.equal((await visitor.request('POST', `/api/users/${ida.id}/block`)).status, 401);
    assert.equal((await visitor.get(`/api/users/${ida.id}/followers`)).status, 401);
    assert.equal((await visitor.get('/api/users/blocked')).status, 401);
    assert.equal((await visitor.get('/api/network/growth')).status, 401);
  });
});
