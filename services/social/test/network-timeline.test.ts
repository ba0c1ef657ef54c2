// The network feed's timelines (fan-out on write, issue 18; migrations/20261205000003_network_timeline)
// through the gateway, on both run profiles: a follow brings the followee's past activities, new ones
// arrive as they are recorded (the follow activity too), an unfollow hides them at once, a wide
// account's activities are read from the activities, and deleted activities, cleared histories and
// erased accounts leave the timelines. Races between an activity and a follow: the last tests, each
// order made certain by holding the first one's transaction open until the second waits for it.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { ACTIVITY_LIST_LIMITS, type TActivity } from '@civic/contracts';
import { databaseUrl, type SqlDriver } from '@civic/service-kit/db';
import pg from 'pg';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { startTestProducer, type TestProducer } from '../../../test/support/test-producer.ts';
import { network, signInCitizen } from './support/network-helpers.ts';
import { acts, feedOrder, followEdge, makeWide, type Member, openSocialTables, pollUntil } from './support/social-helpers.ts';

const ownFeed = (m: Member) => m.client.get<TActivity[]>('/api/activities?limit=50');
const networkFeed = (m: Member) => m.client.get<TActivity[]>('/api/activities?network=true&limit=50');
const idsOf = (feed: { body: TActivity[] }) => feed.body.map((a) => a.id);

for (const { profile, skip } of await profilePlan()) {
  describe(`social network: the feed's timelines (${profile})`, { skip }, () => {
    let tables: SqlDriver;
    let producer: TestProducer;
    let act: ReturnType<typeof acts>;
    const stack = useStack(profile, { services: ['auth', 'account', 'social'], env: { RATE_LIMIT_SIGN_IN_MAIL: '1000' } });
    const citizen = (first: string, last: string) => signInCitizen(stack, tables, first, last);
    /** The author's activities once social recorded `count` of them (events are consumed asynchronously). */
    const recorded = async (author: Member, count: number) =>
      idsOf(
        await pollUntil(
          () => ownFeed(author),
          (r) => r.body.length === count,
        ),
      );
    /** An activity written straight into social's table (its triggers run as for any writer). */
    const writeActivity = async (author: Member, id: string, at: Date, sql: SqlDriver = tables) => {
      await sql.query(
        `INSERT INTO social.activities (id, user_id, type, description, subject_id, source_event_id, created_at)
         VALUES ($1::uuid, $2::uuid, 'endorse', 'Endorsed "Written here"', NULL, $3::uuid, $4::timestamptz)`,
        [id, author.id, randomUUID(), at.toISOString()],
      );
    };
    const entriesOf = async (reader: Member) =>
      (await tables.query<{ n: number }>('SELECT count(*)::int AS n FROM social.network_timeline WHERE reader_id = $1::uuid', [reader.id]))[0]!.n;
    before(async () => {
      tables = await openSocialTables(stack);
      producer = await startTestProducer(stack);
      act = acts(producer);
    });

    test('a follow brings the past, new activities follow, an unfollow hides them at once and a new follow brings them back', async () => {
      const author = await citizen('Pat', 'Author');
      const reader = await citizen('Rey', 'Reader');
      const fan = await citizen('Fay', 'Fan');
      await act.createPriority(author.id, 'Repair the bridges');
      await act.vote(author.id, 'endorse', 'Repair the bridges');
      const past = await recorded(author, 2);
      assert.deepEqual(idsOf(await networkFeed(reader)), []);

      assert.equal((await network.follow(reader, author)).status, 200);
      assert.deepEqual(idsOf(await networkFeed(reader)), past, 'the past, at once');
      await act.vote(author.id, 'oppose', 'Close the parks');
      const now = await recorded(author, 3);
      await pollUntil(
        () => networkFeed(reader),
        (r) => idsOf(r).join() === now.join(),
      );
      // The follow activity of the reader reaches the reader's own followers.
      assert.equal((await network.follow(fan, reader)).status, 200);
      assert.equal((await network.follow(reader, fan)).status, 200);
      const fanFeed = await networkFeed(fan);
      assert.deepEqual(
        fanFeed.body.map((a) => a.description),
        ['Followed Fay Fan', 'Followed Pat Author'],
      );

      assert.equal((await network.unfollow(reader, author)).status, 200);
      assert.deepEqual(
        (await networkFeed(reader)).body.filter((a) => a.user.id === author.id),
        [],
        'hidden at once',
      );
      assert.equal((await network.follow(reader, author)).status, 200);
      assert.deepEqual(
        idsOf(await networkFeed(reader)).filter((id) => now.includes(id)),
        now,
      );
    });

    test("a wide account's activities are read from the activities: it stops fanning out at 1,000 followers, for good", async () => {
      const star = await citizen('Sol', 'Star');
      const reader = await citizen('Rue', 'Reader');
      assert.equal((await network.follow(reader, star)).status, 200);
      await act.vote(star.id, 'endorse', 'Before the crowd');
      const first = await recorded(star, 1);
      await pollUntil(
        () => networkFeed(reader),
        (r) => idsOf(r).join() === first.join(),
      );
      const fannedOut = await entriesOf(reader);
      // The count the follows keep reaches the limit (the edges themselves are not needed to test it).
      await tables.query('UPDATE social.user_network SET followers = 1000 WHERE user_id = $1::uuid', [star.id]);
      await act.vote(star.id, 'oppose', 'After the crowd');
      const both = await recorded(star, 2);
      await pollUntil(
        () => networkFeed(reader),
        (r) => idsOf(r).join() === both.join(),
      );
      assert.equal(await entriesOf(reader), fannedOut, 'the new activity was not written to the timeline');
      const [state] = await tables.query<{ fan_out: boolean }>('SELECT fan_out FROM social.user_network WHERE user_id = $1::uuid', [star.id]);
      assert.equal(state!.fan_out, false);

      // Below the limit again, still wide: every activity stays readable, none falls between the two ways.
      await tables.query('UPDATE social.user_network SET followers = 1 WHERE user_id = $1::uuid', [star.id]);
      await act.createPriority(star.id, 'Quieter now');
      const all = await recorded(star, 3);
      await pollUntil(
        () => networkFeed(reader),
        (r) => idsOf(r).join() === all.join(),
      );
      assert.equal(await entriesOf(reader), fannedOut);
      // A new follower of a wide account copies nothing and still reads all of it.
      const late = await citizen('Lee', 'Late');
      assert.equal((await network.follow(late, star)).status, 200);
      assert.equal(await entriesOf(late), 0);
      assert.deepEqual(idsOf(await networkFeed(late)), all);
    });

    test('cleared histories and erased accounts leave the timelines', async () => {
      const author = await citizen('Cy', 'Clearing');
      const leaving = await citizen('Lou', 'Leaving');
      const reader = await citizen('Rae', 'Reader');
      for (const followee of [author, leaving]) assert.equal((await network.follow(reader, followee)).status, 200);
      assert.equal((await network.follow(leaving, reader)).status, 200);
      await act.vote(author.id, 'endorse', 'Keep the libraries open');
      await act.vote(leaving.id, 'endorse', 'Keep the libraries open');
      await recorded(author, 1);
      await pollUntil(
        () => networkFeed(reader),
        (r) => r.body.length === 3,
      );
      const actorEntries = async (actor: Member) =>
        (await tables.query<{ n: number }>('SELECT count(*)::int AS n FROM social.network_timeline WHERE actor_id = $1::uuid', [actor.id]))[0]!.n;
      assert.equal(await actorEntries(author), 1);

      const cleared = await author.client.request('DELETE', '/api/activities/clear');
      assert.equal(cleared.status, 200, cleared.text);
      assert.equal(await actorEntries(author), 0);
      assert.deepEqual(
        (await networkFeed(reader)).body.map((a) => a.user.id),
        [leaving.id, leaving.id],
      );

      assert.ok((await entriesOf(leaving)) > 0);
      // An entry whose activity is already gone (a copy that raced a deletion): the erasure takes it too.
      await tables.query('INSERT INTO social.network_timeline (reader_id, created_at, activity_id, actor_id) VALUES ($1::uuid, now(), $2::uuid, $3::uuid)', [
        author.id,
        randomUUID(),
        leaving.id,
      ]);
      const deleted = await leaving.client.request('DELETE', '/api/account', { body: { confirmation: 'DELETE' } });
      assert.equal(deleted.status, 200, deleted.text);
      await pollUntil(
        () => tables.query('SELECT 1 FROM social.deleted_users WHERE user_id = $1::uuid', [leaving.id]),
        (rows) => rows.length === 1,
      );
      assert.equal(await actorEntries(leaving), 0, "the erased citizen's activities left the others' timelines");
      assert.equal(await entriesOf(leaving), 0, "the erased citizen's own timeline went");
      assert.deepEqual((await networkFeed(reader)).body, []);
    });

    test("a follow copies as many of the followee's newest as the largest page shows", async () => {
      // Written directly, minutes apart (the trigger copies them to no one: no followers yet).
      const author = await citizen('Max', 'Prolific');
      const reader = await citizen('Rob', 'Reader');
      const count = ACTIVITY_LIST_LIMITS.max + 1;
      const base = Date.now() - 86_400_000;
      const ids = Array.from({ length: count }, () => randomUUID());
      for (const [i, id] of ids.entries()) await writeActivity(author, id, new Date(base + i * 60_000));
      assert.equal((await network.follow(reader, author)).status, 200);
      const page = await reader.client.get<TActivity[]>(`/api/activities?network=true&limit=${ACTIVITY_LIST_LIMITS.max}`);
      assert.deepEqual(idsOf(page), ids.slice(1).reverse());
    });

    test("a page interleaves the timeline and wide followees by time, past the timeline's full page and through ties", async () => {
      // Times in minutes, written directly: a fanned-out author (in the readers' timelines) and wide
      // accounts (read from the activities). One reader follows a wide account with activities newer
      // and older than the timeline's page and one older than everything; the other a wide account
      // whose activity has the same minute as the author's at the page's edge and outranks it (same
      // time: the larger id first), so a page of 4 must take it instead of the author's.
      const author = await citizen('Fran', 'Fanned');
      const wide = await citizen('Wanda', 'Wide');
      const old = await citizen('Otto', 'Older');
      const tied = await citizen('Tia', 'Tied');
      const reader = await citizen('Ray', 'Reader');
      const other = await citizen('Oli', 'Other');
      await makeWide(tables, [wide, old, tied]);
      for (const account of [author, wide, old]) assert.equal((await network.follow(reader, account)).status, 200);
      for (const account of [author, tied]) assert.equal((await network.follow(other, account)).status, 200);
      const base = Date.now() - 86_400_000;
      const write = async (account: Member, minutes: number[], idAt: (minute: number) => string = () => randomUUID()) => {
        const written = minutes.map((minute) => ({ id: idAt(minute), at: base + minute * 60_000 }));
        for (const activity of written) await writeActivity(account, activity.id, new Date(activity.at));
        return written;
      };
      const byAuthor = await write(author, [10, 20, 30, 40, 50, 60]);
      const byWide = [...(await write(wide, [5, 25, 55, 65])), ...(await write(old, [1]))];
      const byTied = await write(tied, [2, 30], (minute) => (minute === 30 ? `ffffffff${randomUUID().slice(8)}` : randomUUID()));
      const newestFirst = (written: { id: string; at: number }[]) => [...written].sort(feedOrder).map((a) => a.id);
      const pageOf = async (member: Member, limit: number) => idsOf(await member.client.get<TActivity[]>(`/api/activities?network=true&limit=${limit}`));
      for (const limit of [1, 3, 5, 7, 12])
        assert.deepEqual(await pageOf(reader, limit), newestFirst([...byAuthor, ...byWide]).slice(0, limit), `limit=${limit}`);
      for (const limit of [3, 4, 5, 8])
        assert.deepEqual(await pageOf(other, limit), newestFirst([...byAuthor, ...byTied]).slice(0, limit), `tied, limit=${limit}`);
      assert.equal((await pageOf(other, 4))[3], byTied[1]!.id, "the wide account's activity at the page's edge");
    });

    test("a private followee's activities are skipped while private and shown again when public", async () => {
      const shy = await citizen('Sam', 'Shy');
      const reader = await citizen('Ria', 'Reader');
      assert.equal((await network.follow(reader, shy)).status, 200);
      await act.vote(shy.id, 'endorse', 'Plant more trees');
      const mine = await recorded(shy, 1);
      await pollUntil(
        () => networkFeed(reader),
        (r) => idsOf(r).join() === mine.join(),
      );
      const setVisibility = async (activityVisibility: 'public' | 'private') => {
        const changed = await shy.client.request('PATCH', '/api/settings', { body: { activityVisibility } });
        assert.equal(changed.status, 200, changed.text);
        await pollUntil(
          () => tables.query<{ v: string }>('SELECT activity_visibility AS v FROM social.members WHERE user_id = $1::uuid', [shy.id]),
          (rows) => rows[0]?.v === activityVisibility,
        );
      };
      await setVisibility('private');
      assert.deepEqual((await networkFeed(reader)).body, []);
      await setVisibility('public');
      assert.deepEqual(idsOf(await networkFeed(reader)), mine);
    });

    test("refill_network_timelines copies what a follow written around it missed, once (the upgrade's repair)", async () => {
      const author = await citizen('Una', 'Upgraded');
      const reader = await citizen('Ivo', 'Upgraded');
      const activityId = randomUUID();
      await writeActivity(author, activityId, new Date());
      // An edge as the previous release's follow wrote it: no copy of the author's past.
      await followEdge(tables, reader, author);
      assert.deepEqual(idsOf(await networkFeed(reader)), []);
      const refill = () => tables.query<{ added: string }>('SELECT social.refill_network_timelines() AS added');
      assert.ok(Number((await refill())[0]!.added) >= 1);
      assert.deepEqual(idsOf(await networkFeed(reader)), [activityId]);
      assert.equal(Number((await refill())[0]!.added), 0, 'nothing twice');
    });

    test('while an upgrade rolls (no rights on the timeline yet), activities, follows and deletions still keep it', {
      skip: profile === 'embedded' && 'one role: nothing to grant',
    }, async () => {
      // The previous release's processes run as the runtime role, which has rights on a new table
      // only once a process of the new release starts; the triggers and the follow's copy run as the
      // table's owner (SECURITY DEFINER).
      const author = await citizen('Uma', 'Rolling');
      const fan = await citizen('Fin', 'Rolling');
      const late = await citizen('Lia', 'Rolling');
      assert.equal((await network.follow(fan, author)).status, 200);
      const database = `${stack.env.DATABASE_PREFIX}social`;
      const runtimeUrl = databaseUrl(stack.platforms.social!.config.DATABASE_URL!, database);
      const role = decodeURIComponent(new URL(runtimeUrl).username);
      const admin = new pg.Client({ connectionString: databaseUrl(stack.env.DATABASE_URL!, database) });
      const runtime = new pg.Client({ connectionString: runtimeUrl });
      await admin.connect();
      await runtime.connect();
      const readersOf = async (activityId: string) =>
        (await admin.query<{ id: string }>('SELECT reader_id::text AS id FROM social.network_timeline WHERE activity_id = $1::uuid', [activityId])).rows
          .map((r) => r.id)
          .sort();
      try {
        await admin.query(`REVOKE ALL ON social.network_timeline FROM "${role}"`);
        await assert.rejects(runtime.query('SELECT 1 FROM social.network_timeline LIMIT 1'), /permission denied/);
        const activityId = randomUUID();
        await runtime.query(
          `INSERT INTO social.activities (id, user_id, type, description, subject_id, source_event_id, created_at)
           VALUES ($1::uuid, $2::uuid, 'endorse', 'Endorsed "Rolling"', NULL, $3::uuid, now())`,
          [activityId, author.id, randomUUID()],
        );
        assert.deepEqual(await readersOf(activityId), [fan.id], 'fanned out');
        assert.equal((await network.follow(late, author)).status, 200);
        assert.deepEqual(await readersOf(activityId), [fan.id, late.id].sort(), "copied by the late follower's follow");
        await runtime.query('DELETE FROM social.activities WHERE id = $1::uuid', [activityId]);
        assert.deepEqual(await readersOf(activityId), [], 'forgotten with the activity');
      } finally {
        await admin.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON social.network_timeline TO "${role}"`);
        await Promise.all([admin.end(), runtime.end()]);
      }
    });

    describe('an activity and a follow at the same moment', { skip: profile === 'embedded' && 'one connection: nothing interleaves' }, () => {
      /** Resolves once some session waits for a lock the transaction with backend `pid` holds. */
      const someoneWaitsFor = (pid: number) =>
        pollUntil(
          () => tables.query('SELECT 1 FROM pg_stat_activity WHERE $1::int = ANY (pg_blocking_pids(pid))', [pid]),
          (rows) => rows.length > 0,
          30_000,
        );
      /** The author's state row, committed first, so the other side waits for its row lock (not for its creation). */
      const stateRowOf = (author: Member) => tables.query('INSERT INTO social.user_network (user_id) VALUES ($1::uuid) ON CONFLICT DO NOTHING', [author.id]);
      const backendPid = async (tx: SqlDriver) => (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]!.pid;

      test('a follow that waits for an activity being recorded copies it', async () => {
        const author = await citizen('Abe', 'Waiting');
        const reader = await citizen('Ren', 'Waiting');
        const activityId = randomUUID();
        await stateRowOf(author);
        let follow: Promise<{ status: number }> | undefined;
        await tables.transaction(async (tx) => {
          // Its fan-out trigger locks the author's state row until the commit.
          await writeActivity(author, activityId, new Date(), tx);
          follow = network.follow(reader, author);
          await someoneWaitsFor(await backendPid(tx));
        });
        assert.equal((await follow!).status, 200);
        assert.deepEqual(idsOf(await networkFeed(reader)), [activityId]);
      });

      test('an activity recorded while a follow of its author commits reaches the new follower', async () => {
        const author = await citizen('Ada', 'Waiting');
        const reader = await citizen('Roy', 'Waiting');
        const activityId = randomUUID();
        await stateRowOf(author);
        let recording: Promise<void> | undefined;
        await tables.transaction(async (tx) => {
          // What follow_user holds before it copies the author's newest: the author's state row,
          // locked, and the new edge, not yet committed.
          await tx.query('SELECT 1 FROM social.user_network WHERE user_id = $1::uuid FOR UPDATE', [author.id]);
          await tx.query('INSERT INTO social.follows (follower_id, followee_id, created_at) VALUES ($1::uuid, $2::uuid, now())', [reader.id, author.id]);
          recording = writeActivity(author, activityId, new Date());
          await someoneWaitsFor(await backendPid(tx));
        });
        await recording;
        assert.deepEqual(idsOf(await networkFeed(reader)), [activityId]);
      });
    });
  });
}
