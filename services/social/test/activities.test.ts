// Activities through the gateway, on both run profiles (spec 2.5, 2.9, 2.10, 2.11, 3, 7.3): recorded
// from the priorities and briefing events (published here as those services will), shown to whom
// the owner's activity visibility allows, cleared, exported and erased with the account.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { prioritiesEvents, SOCIAL_MESSAGES, type TActivity, type TUserActivities } from '@civic/contracts';
import pg from 'pg';
import { databaseUrl, type SqlDriver } from '@civic/service-kit/db';
import { recordActivity } from '../src/activities/record-activity.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { backendPid, waitUntilBlocked } from '../../../test/support/lock-waits.ts';
import { pgClientDriver } from '@civic/service-kit/db';
import { ALL_SERVICES, useStack } from '../../../test/support/integration-suite.ts';
import { startTestProducer, type TestProducer } from '../../../test/support/test-producer.ts';
import { acts, followEdge, openSocialTables, pollUntil, signInMember, type Member } from './support/social-helpers.ts';

const ownFeed = (m: Member, query = '') => m.client.get<TActivity[]>(`/api/activities${query}`);
const networkFeed = (m: Member) => m.client.get<TActivity[]>('/api/activities?network=true&limit=50');
const viewOf = (viewer: Member, owner: Member) => viewer.client.get<TUserActivities>(`/api/users/${owner.id}/activities`);
const by = (owner: Member) => (a: TActivity) => a.user.id === owner.id;

for (const { profile, skip } of await profilePlan()) {
  describe(`social activities (${profile})`, { skip }, () => {
    let producer: TestProducer;
    let act: ReturnType<typeof acts>;
    let tables: SqlDriver;
    const stack = useStack(profile, { services: ALL_SERVICES, env: { RATE_LIMIT_SIGN_IN_MAIL: '1000' } });
    before(async () => {
      producer = await startTestProducer(stack);
      act = acts(producer);
      tables = await openSocialTables(stack);
    });

    test("activities appear newest first with the author's names; limit applies", async () => {
      const ada = await signInMember(stack, 'Ada', 'Lovelace');
      const t1 = await act.createPriority(ada.id, 'Fund public libraries in every county');
      const t2 = await act.vote(ada.id, 'endorse', 'Expand rural broadband');
      const t3 = await act.vote(ada.id, 'oppose', 'Abolish the penny');
      const t4 = await act.contributeDocument(ada.id, 'Library funding talking points');

      const feed = await pollUntil(
        () => ownFeed(ada),
        (r) => r.status === 200 && r.body.length === 4 && r.body.every((a) => a.user.firstName === 'Ada'),
      );
      assert.deepEqual(
        feed.body.map(({ type, description, createdAt }) => ({ type, description, createdAt })),
        [
          { type: 'create_briefing', description: 'Created briefing document "Library funding talking points"', createdAt: t4.at },
          { type: 'oppose', description: 'Opposed "Abolish the penny"', createdAt: t3.at },
          { type: 'endorse', description: 'Endorsed "Expand rural broadband"', createdAt: t2.at },
          { type: 'create_priority', description: 'Created priority "Fund public libraries in every county"', createdAt: t1.at },
        ],
      );
      for (const activity of feed.body) {
        assert.deepEqual(activity.user, { id: ada.id, firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: null });
        assert.match(activity.id, /^[0-9a-f-]{36}$/);
      }
      assert.equal(new Set(feed.body.map((a) => a.id)).size, 4);

      const two = await ownFeed(ada, '?limit=2');
      assert.equal(two.status, 200);
      assert.deepEqual(
        two.body.map((a) => a.createdAt),
        [t4.at, t3.at],
      );

      // The default is 10 (spec 9: the dashboard asks for 10 and shows 5).
      for (let i = 0; i < 8; i++) await act.vote(ada.id, 'endorse', `Priority number ${i}`);
      await pollUntil(
        () => ownFeed(ada, '?limit=50'),
        (r) => r.body.length === 12,
      );
      const byDefault = await ownFeed(ada);
      assert.equal(byDefault.body.length, 10);
      assert.equal(byDefault.body[0]!.description, 'Endorsed "Priority number 7"');
    });

    test('a bad query is a 400 with a message', async () => {
      const ada = await signInMember(stack, 'Ada', 'Byron');
      for (const query of ['?limit=0', '?limit=51', '?limit=abc', '?limit=2.5', '?limit=']) {
        const answer = await ownFeed(ada, query);
        assert.equal(answer.status, 400, `${query}: ${answer.text}`);
        assert.equal((answer.body as unknown as { message: string }).message, SOCIAL_MESSAGES.limit);
      }
      const network = await ownFeed(ada, '?network=yes');
      assert.equal(network.status, 400, network.text);
      assert.equal((network.body as unknown as { message: string }).message, SOCIAL_MESSAGES.network);
      assert.equal((await ownFeed(ada, '?colour=red')).status, 400);
      assert.equal((await ada.client.get(`/api/users/${ada.id}/activities?limit=0`)).status, 400);
    });

    test("own feed, another user's view and the network feed", async () => {
      const grace = await signInMember(stack, 'Grace', 'Hopper');
      const alan = await signInMember(stack, 'Alan', 'Turing');
      // The network feed shows the people one follows (network/lists-blocks-feed.test.ts tests its scope,
      // network/follows.test.ts the follow calls; the edges are written here directly, so no follow
      // activity joins the feeds).
      await followEdge(tables, alan, grace);
      await followEdge(tables, grace, alan);
      const graces = await act.createPriority(grace.id, 'Teach programming in high schools');
      const alans = await act.vote(alan.id, 'endorse', 'Teach programming in high schools');

      const graceOwn = await pollUntil(
        () => ownFeed(grace),
        (r) => r.body.length === 1,
      );
      assert.equal(graceOwn.body[0]!.createdAt, graces.at);
      const alanOwn = await pollUntil(
        () => ownFeed(alan, '?network=false'),
        (r) => r.body.length === 1,
      );
      assert.equal(alanOwn.body[0]!.createdAt, alans.at);
      assert.equal(alanOwn.body[0]!.type, 'endorse');

      const alanSeesGrace = await pollUntil(
        () => viewOf(alan, grace),
        (r) => r.body.activities?.[0]?.user.lastName === 'Hopper',
      );
      assert.equal(alanSeesGrace.status, 200);
      assert.deepEqual(alanSeesGrace.body, { activities: graceOwn.body, isPrivate: false, hiddenBecause: null });

      // The network feed: the public activities of the people one follows, never one's own.
      const alanNetwork = await pollUntil(
        () => networkFeed(alan),
        (r) => r.body.some(by(grace)),
      );
      assert.ok(!alanNetwork.body.some(by(alan)));
      assert.deepEqual(alanNetwork.body.filter(by(grace)), graceOwn.body);
      const graceNetwork = await pollUntil(
        () => networkFeed(grace),
        (r) => r.body.some(by(alan)),
      );
      assert.ok(!graceNetwork.body.some(by(grace)));
      const times = graceNetwork.body.map((a) => a.createdAt);
      assert.deepEqual(times, [...times].sort().reverse(), 'newest first');

      // An id that is not a UUID names nobody; a UUID nobody has shows an empty, public list.
      const notAnId = await alan.client.get('/api/users/not-a-user/activities');
      assert.equal(notAnId.status, 404);
      assert.equal(notAnId.body.message, SOCIAL_MESSAGES.userNotFound);
      assert.deepEqual((await alan.client.get(`/api/users/${randomUUID()}/activities`)).body, { activities: [], isPrivate: false, hiddenBecause: null });
    });

    test("a private citizen is never named in someone else's follow activity, in any view or feed (SECURITY 31)", async () => {
      const [grace, fan, reader, late] = await Promise.all([
        signInMember(stack, 'Grace', 'Hopper'),
        signInMember(stack, 'Fan', 'Public'),
        signInMember(stack, 'Reader', 'Two'),
        signInMember(stack, 'Late', 'Follower'),
      ]);
      /** Follows through the API once social knows the followee's names (the profile event may lag). */
      const follow = async (follower: Member, followee: Member) => {
        await pollUntil(
          () => tables.query<{ n: string | null }>('SELECT first_name AS n FROM social.members WHERE user_id = $1::uuid', [followee.id]),
          (rows) => rows[0]?.n === followee.firstName,
        );
        const answer = await follower.client.post(`/api/users/${followee.id}/follow`, {});
        assert.equal(answer.status, 200, answer.text);
      };
      const followDescriptions = async (of: Member) => (await viewOf(reader, of)).body.activities.filter((a) => a.type === 'follow').map((a) => a.description);
      const feedFollows = async () =>
        (await networkFeed(reader)).body.filter((a) => a.type === 'follow' && (a.user.id === fan.id || a.user.id === late.id)).map((a) => a.description);
      await follow(reader, fan);
      await follow(reader, late);
      await follow(fan, grace);
      assert.deepEqual(await followDescriptions(fan), ['Followed Grace Hopper']);
      await pollUntil(feedFollows, (d) => d.includes('Followed Grace Hopper'));

      const hidden = await grace.client.request('PATCH', '/api/settings', { body: { activityVisibility: 'private' } });
      assert.equal(hidden.status, 200, hidden.text);
      await pollUntil(
        () => followDescriptions(fan),
        (d) => d[0] === 'Followed a citizen',
      );
      await follow(late, grace);
      assert.deepEqual(await followDescriptions(late), ['Followed a citizen']);
      const feed = await pollUntil(feedFollows, (d) => d.length === 2);
      assert.deepEqual(feed, ['Followed a citizen', 'Followed a citizen']);
      assert.doesNotMatch(JSON.stringify((await networkFeed(reader)).body), /Grace|Hopper/);

      // Public again: named again, in the activities written while private too.
      const shown = await grace.client.request('PATCH', '/api/settings', { body: { activityVisibility: 'public' } });
      assert.equal(shown.status, 200, shown.text);
      await pollUntil(
        () => followDescriptions(late),
        (d) => d[0] === 'Followed Grace Hopper',
      );
      assert.deepEqual(await followDescriptions(fan), ['Followed Grace Hopper']);
    });

    test('private activity is shown to its owner only', async () => {
      const rosa = await signInMember(stack, 'Rosa', 'Parks');
      const viewer = await signInMember(stack, 'Viewer', 'One');
      await followEdge(tables, viewer, rosa);
      await act.createPriority(rosa.id, 'Protect voting rights for all citizens');
      await pollUntil(
        () => viewOf(viewer, rosa),
        (r) => r.body.activities?.length === 1,
      );
      await pollUntil(
        () => networkFeed(viewer),
        (r) => r.body.some(by(rosa)),
      );

      const hidden = await rosa.client.request('PATCH', '/api/settings', { body: { activityVisibility: 'private' } });
      assert.equal(hidden.status, 200, hidden.text);
      const privateView = await pollUntil(
        () => viewOf(viewer, rosa),
        (r) => r.body.isPrivate === true,
      );
      assert.deepEqual(privateView.body, { activities: [], isPrivate: true, hiddenBecause: 'private' });
      assert.ok(!(await networkFeed(viewer)).body.some(by(rosa)), 'not in the network feed');

      // Activity recorded while private stays hidden from others too; the owner sees all of it.
      await act.vote(rosa.id, 'oppose', 'Close polling places early');
      const own = await pollUntil(
        () => ownFeed(rosa),
        (r) => r.body.length === 2,
      );
      assert.deepEqual(await viewOf(rosa, rosa).then((r) => r.body), { activities: own.body, isPrivate: false, hiddenBecause: null });
      assert.deepEqual((await viewOf(viewer, rosa)).body, { activities: [], isPrivate: true, hiddenBecause: 'private' });
      assert.ok(!(await networkFeed(viewer)).body.some(by(rosa)));

      const shown = await rosa.client.request('PATCH', '/api/settings', { body: { activityVisibility: 'public' } });
      assert.equal(shown.status, 200, shown.text);
      const publicView = await pollUntil(
        () => viewOf(viewer, rosa),
        (r) => r.body.isPrivate === false,
      );
      assert.deepEqual(publicView.body.activities, own.body);
      assert.equal((await networkFeed(viewer)).body.filter(by(rosa)).length, 2);
    });

    test("clearing removes only the caller's activities, and a redelivered event brings none back", async () => {
      const ida = await signInMember(stack, 'Ida', 'Wells');
      const other = await signInMember(stack, 'Other', 'Person');
      const first = await act.createPriority(ida.id, 'Fund investigative journalism grants');
      await act.contributeDocument(ida.id, 'Press freedom briefing');
      await act.createPriority(other.id, 'Repair every bridge rated poor');
      await pollUntil(
        () => ownFeed(ida),
        (r) => r.body.length === 2,
      );
      await pollUntil(
        () => ownFeed(other),
        (r) => r.body.length === 1,
      );
      // The Settings screen's Data & Storage count comes from social (GET /api/account/stats).
      const activitiesCount = async (m: Member) => (await m.client.get('/api/account/stats')).body.activitiesCount;
      assert.equal(await activitiesCount(ida), 2);

      const cleared = await ida.client.request('DELETE', '/api/activities/clear');
      assert.equal(cleared.status, 200, cleared.text);
      assert.deepEqual(cleared.body, { message: 'Activity history cleared', cleared: 2 });
      assert.equal(await activitiesCount(ida), 0);
      assert.equal(await activitiesCount(other), 1);
      assert.deepEqual((await ownFeed(ida)).body, []);
      assert.deepEqual((await viewOf(other, ida)).body, { activities: [], isPrivate: false, hiddenBecause: null });
      assert.equal((await ownFeed(other)).body.length, 1, "the other user's activity stays");

      // The same event again (a producer that re-sends it after a crash; a second outbox, as the
      // first one already holds the id), then a new one: only the new one shows.
      const resender = await startTestProducer(stack, 'test_resender');
      try {
        await resender.publish(
          prioritiesEvents.PriorityCreated,
          { priorityId: randomUUID(), authorId: ida.id, title: 'Fund investigative journalism grants', createdAt: first.at },
          { id: first.eventId },
        );
      } finally {
        await resender.stop();
      }
      await act.vote(ida.id, 'endorse', 'Repair every bridge rated poor');
      await pollUntil(
        () => ownFeed(ida),
        (r) => r.body.length > 0,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.deepEqual(
        (await ownFeed(ida)).body.map((a) => a.type),
        ['endorse'],
      );

      const again = await ida.client.request('DELETE', '/api/activities/clear');
      assert.deepEqual(again.body, { message: 'Activity history cleared', cleared: 1 });
      assert.deepEqual((await ida.client.request('DELETE', '/api/activities/clear')).body, { message: 'Activity history cleared', cleared: 0 });
    });

    test('every activity call needs a signed-in user', async () => {
      const visitor = stack.client();
      assert.equal((await visitor.get('/api/activities')).status, 401);
      assert.equal((await visitor.get('/api/activities?network=true&limit=20')).status, 401);
      assert.equal((await visitor.get('/api/activities?limit=0')).status, 401, 'signed out wins over a bad query');
      assert.equal((await visitor.get(`/api/users/${randomUUID()}/activities`)).status, 401);
      assert.equal((await visitor.request('DELETE', '/api/activities/clear')).status, 401);
    });

    test("the export holds the user's activities and nothing of other users'", async () => {
      const mae = await signInMember(stack, 'Mae', 'Jemison');
      const other = await signInMember(stack, 'Someone', 'Else');
      const t1 = await act.createPriority(mae.id, 'Double the science education budget');
      const t2 = await act.vote(mae.id, 'oppose', 'Cut NASA funding in half');
      await act.createPriority(other.id, 'A priority that is not Mae at all');
      await pollUntil(
        () => ownFeed(mae),
        (r) => r.body.length === 2,
      );
      await pollUntil(
        () => ownFeed(other),
        (r) => r.body.length === 1,
      );

      const exported = await mae.client.get('/api/account/export');
      assert.equal(exported.status, 200, exported.text);
      assert.deepEqual(exported.body.sections.social, {
        activities: [
          { type: 'create_priority', description: 'Created priority "Double the science education budget"', createdAt: t1.at },
          { type: 'oppose', description: 'Opposed "Cut NASA funding in half"', createdAt: t2.at },
        ],
        following: [],
        followers: [],
        blocked: [],
        recruits: [],
        recruitedBy: null,
      });
      assert.ok(!exported.text.includes(other.id), "no trace of the other user's id");
      assert.ok(!exported.text.includes('not Mae at all'), "no trace of the other user's activity");
    });

    test('an event about an act from before a clear, arriving after it (lag, backoff), stays cleared', async () => {
      const june = await signInMember(stack, 'June', 'Jordan');
      const before = new Date(Date.now() - 60_000).toISOString();
      const cleared = await june.client.request('DELETE', '/api/activities/clear');
      assert.equal(cleared.status, 200, cleared.text);
      const late = await producer.publish(prioritiesEvents.VoteCast, {
        priorityId: randomUUID(),
        userId: june.id,
        voteType: 'endorse',
        priorityTitle: 'Voted before the clear',
        castAt: before,
      });
      const after = await act.vote(june.id, 'oppose', 'Voted after the clear');
      for (const eventId of [late.id, after.eventId]) {
        await pollUntil(
          () => tables.query('SELECT 1 FROM social.processed_events WHERE event_id = $1::uuid', [eventId]),
          (rows) => rows.length === 1,
        );
      }
      assert.deepEqual(
        (await ownFeed(june)).body.map((a) => a.description),
        ['Opposed "Voted after the clear"'],
      );
    });

    test("deleting the account erases the user's activities and nothing else", async () => {
      const gone = await signInMember(stack, 'Leaving', 'Soon');
      const stays = await signInMember(stack, 'Staying', 'Here');
      await act.createPriority(gone.id, 'Plant a million trees by 2030');
      await act.contributeDocument(gone.id, 'Urban forestry research');
      await act.vote(stays.id, 'endorse', 'Plant a million trees by 2030');
      await pollUntil(
        () => viewOf(stays, gone),
        (r) => r.body.activities?.length === 2,
      );
      await pollUntil(
        () => ownFeed(stays),
        (r) => r.body.length === 1,
      );

      const deleted = await gone.client.request('DELETE', '/api/account', { body: { confirmation: 'DELETE' } });
      assert.equal(deleted.status, 200, deleted.text);

      const countOf = async (userId: string) => {
        const [row] = await tables.query<{ activities: number; members: number }>(
          `SELECT (SELECT count(*)::int FROM social.activities WHERE user_id = $1::uuid) AS activities,
                  (SELECT count(*)::int FROM social.members WHERE user_id = $1::uuid) AS members`,
          [userId],
        );
        return row!;
      };
      await pollUntil(
        () => countOf(gone.id),
        (c) => c.activities === 0 && c.members === 0,
      );
      assert.deepEqual((await viewOf(stays, gone)).body, { activities: [], isPrivate: false, hiddenBecause: null });
      assert.ok(!(await networkFeed(stays)).body.some(by(gone)));
      assert.equal((await ownFeed(stays)).body.length, 1, "the other user's activity stays");
      assert.deepEqual(await countOf(stays.id), { activities: 1, members: 1 });

      // An event about the deleted user that arrives late (another producer's stream) records nothing.
      const late = await act.createPriority(gone.id, 'A priority that raced the deletion');
      await pollUntil(
        () => tables.query('SELECT 1 FROM social.processed_events WHERE event_id = $1::uuid', [late.eventId]),
        (rows) => rows.length === 1,
      );
      assert.deepEqual(await countOf(gone.id), { activities: 0, members: 0 });
      assert.equal((await gone.client.get('/api/activities')).status, 401, 'the session ended with the account');
    });

    if (profile === 'distributed') {
      /** A transaction of its own on social's database, standing in for a consumer recording an activity. */
      async function recordingTransaction(userId: string) {
        const client = new pg.Client({ connectionString: databaseUrl(stack.env.DATABASE_URL!, `${stack.env.DATABASE_PREFIX}social`) });
        await client.connect();
        const tx = pgClientDriver(client);
        const pid = await backendPid(client);
        await client.query('BEGIN');
        await recordActivity(tx, {
          sourceEventId: randomUUID(),
          userId,
          type: 'create_priority',
          description: 'Created priority "Recorded mid-race"',
          subjectId: randomUUID(),
          occurredAt: new Date().toISOString(),
        });
        return {
          /** Resolves once another backend (the erasure, the clearing) waits for a lock the recording holds. */
          blocking: (timeoutMs?: number) => waitUntilBlocked(client, pid, { timeoutMs }),
          commit: async () => (await client.query('COMMIT'), await client.end()),
        };
      }
      const activitiesOf = async (userId: string) =>
        (await tables.query<{ n: number }>('SELECT count(*)::int AS n FROM social.activities WHERE user_id = $1::uuid', [userId]))[0]!.n;

      test('an activity being recorded while the account is erased goes with the rest', async () => {
        const racing = await signInMember(stack, 'Racing', 'Eraser');
        const recording = await recordingTransaction(racing.id);
        const deleted = await racing.client.request('DELETE', '/api/account', { body: { confirmation: 'DELETE' } });
        assert.equal(deleted.status, 200, deleted.text);
        // Social's erasure consumer (reached through the deletion's event) waits for the recording to end.
        await recording.blocking(30_000);
        await recording.commit();
        await pollUntil(
          () => tables.query('SELECT 1 FROM social.deleted_users WHERE user_id = $1::uuid', [racing.id]),
          (rows) => rows.length === 1,
        );
        assert.equal(await activitiesOf(racing.id), 0, 'the activity committed during the erasure did not survive it');
      });

      test('an activity being recorded while its owner clears the history is cleared too', async () => {
        const clearing = await signInMember(stack, 'Clearing', 'Midway');
        const recording = await recordingTransaction(clearing.id);
        const cleared = clearing.client.request('DELETE', '/api/activities/clear');
        await recording.blocking();
        await recording.commit();
        assert.deepEqual((await cleared).body, { message: 'Activity history cleared', cleared: 1 });
        assert.equal(await activitiesOf(clearing.id), 0);
      });
    }
  });
}
