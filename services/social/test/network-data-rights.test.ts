// The network's data rights and its integrity under concurrency, on both run profiles: the export
// carries the user's follows, followers and blocks, and never the name of a private citizen; an erasure cuts every edge of the user and drops
// the counts of the people on the other end (with events); a storm of follows, unfollows and blocks
// among a few citizens leaves every count equal to its edges; distributed, a follow committing while
// the account is erased goes with the rest.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { socialEvents } from '@civic/contracts';
import { databaseUrl, type SqlDriver } from '@civic/service-kit/db';
import pg from 'pg';
import { changeNetworkState, lockNetworkStates } from '../src/network/network-state.ts';
import { guardPair } from '../src/network/network-members.ts';
import { type EventProbe, probeEvents } from '../../../test/support/event-probe.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { ALL_SERVICES, useStack } from '../../../test/support/integration-suite.ts';
import { backendPid, waitUntilBlocked } from '../../../test/support/lock-waits.ts';
import { pgClientDriver } from '@civic/service-kit/db';
import { countsOf, countsThatDrifted, network, signInCitizen } from './support/network-helpers.ts';
import { type Member, openSocialTables, pollUntil } from './support/social-helpers.ts';

const deleteAccount = (m: Member) => m.client.request('DELETE', '/api/account', { body: { confirmation: 'DELETE' } });

for (const { profile, skip } of await profilePlan()) {
  describe(`social network data rights and integrity (${profile})`, { skip }, () => {
    let tables: SqlDriver;
    let counts: EventProbe<typeof socialEvents.CountsChanged>;
    const stack = useStack(profile, { services: ALL_SERVICES, env: { RATE_LIMIT_SIGN_IN_MAIL: '1000' } });
    const citizen = (first: string, last: string) => signInCitizen(stack, tables, first, last);
    before(async () => {
      tables = await openSocialTables(stack);
      counts = await probeEvents(stack.platforms.social!, socialEvents.CountsChanged, `probe_erasure_counts_${profile}`);
    });
    after(async () => {
      await counts?.stop();
    });

    test('the export holds whom the user follows, who follows them and whom they blocked, by id', async () => {
      const nia = await citizen('Nia', 'Exporter');
      const followed = await citizen('Oto', 'Followed');
      const follower = await citizen('Pia', 'Follower');
      const blocked = await citizen('Quin', 'Blocked');
      const blocker = await citizen('Ray', 'Blocker');
      await network.follow(nia, followed);
      await network.follow(follower, nia);
      await network.block(nia, blocked);
      await network.block(blocker, nia);

      const exported = await nia.client.get('/api/account/export');
      assert.equal(exported.status, 200, exported.text);
      const section = exported.body.sections.social;
      assert.deepEqual(
        section.following.map((f: { userId: string }) => f.userId),
        [followed.id],
      );
      assert.deepEqual(
        section.followers.map((f: { userId: string }) => f.userId),
        [follower.id],
      );
      assert.deepEqual(
        section.blocked.map((b: { userId: string }) => b.userId),
        [blocked.id],
      );
      assert.match(section.following[0].followedAt, /^\d{4}-\d\d-\d\dT/);
      assert.deepEqual(
        section.activities.map((a: { type: string; description: string }) => [a.type, a.description]),
        [['follow', 'Followed Oto Followed']],
      );
      assert.ok(!exported.text.includes(blocker.id), 'who blocked the user is the blocker’s data');
      assert.ok(!exported.text.includes('Pia'), 'other citizens appear by id only');
      assert.deepEqual([section.recruits, section.recruitedBy], [[], null]);

      // A citizen Nia recruited (the landing's recruiterId at sign-up): in both exports.
      const recruitClient = stack.client();
      const email = `recruited-by-nia-${Date.now()}@example.com`;
      const sent = await recruitClient.post('/api/auth/email/send-otp', { email, recruiterId: nia.id });
      assert.equal(sent.status, 200, sent.text);
      const mail = await stack.readLatestMail(email);
      assert.equal((await recruitClient.post('/api/auth/email/verify-otp', { stateId: sent.body.stateId, otp: mail.code })).status, 200);
      const recruitId = (await recruitClient.get('/api/auth/user')).body.id as string;
      await pollUntil(
        () => tables.query('SELECT 1 FROM social.recruits WHERE recruited_user_id = $1::uuid', [recruitId]),
        (rows) => rows.length === 1,
      );
      const recruiterSection = (await nia.client.get('/api/account/export')).body.sections.social;
      assert.deepEqual(
        recruiterSection.recruits.map((r: { userId: string; rewarded: boolean }) => [r.userId, r.rewarded]),
        [[recruitId, true]],
      );
      const recruitSection = (await recruitClient.get('/api/account/export')).body.sections.social;
      assert.equal(recruitSection.recruitedBy.userId, nia.id);
      assert.equal(recruitSection.recruitedBy.joinedAt, recruiterSection.recruits[0].joinedAt);
    });

    test('an export never names a citizen whose activity is private, not even in its own follow activity (SECURITY 31)', async () => {
      const tia = await citizen('Tia', 'Exporter');
      const hidden = await citizen('Uma', 'Hidden');
      const privateFan = await citizen('Vic', 'Hidden');
      for (const m of [hidden, privateFan]) {
        const answer = await m.client.request('PATCH', '/api/settings', { body: { activityVisibility: 'private' } });
        assert.equal(answer.status, 200, answer.text);
        await pollUntil(
          () => tables.query<{ v: string }>('SELECT activity_visibility AS v FROM social.members WHERE user_id = $1::uuid', [m.id]),
          (rows) => rows[0]?.v === 'private',
        );
      }
      assert.equal((await network.follow(tia, hidden)).status, 200);
      assert.equal((await network.follow(privateFan, tia)).status, 200);
      const exported = await tia.client.get('/api/account/export');
      assert.equal(exported.status, 200, exported.text);
      const section = exported.body.sections.social;
      assert.deepEqual(
        section.activities.map((a: { type: string; description: string }) => [a.type, a.description]),
        [['follow', 'Followed a citizen']],
      );
      assert.doesNotMatch(exported.text, /Uma|Vic|Hidden/);
    });

    test("erasure cuts the user's edges and blocks everywhere, and the others' counts drop with events", async () => {
      const gone = await citizen('Sal', 'Leaving');
      const followed = await citizen('Tia', 'Followed');
      const follower = await citizen('Uma', 'Follower');
      const blockedByGone = await citizen('Val', 'Blocked');
      const blockerOfGone = await citizen('Wes', 'Blocker');
      await network.follow(gone, followed);
      await network.follow(follower, gone);
      await network.follow(followed, gone); // both ways: both of followed's counts drop
      await network.block(gone, blockedByGone);
      await network.block(blockerOfGone, gone);
      assert.deepEqual(await countsOf(tables, followed.id), { followers: 1, following: 1 });
      assert.deepEqual(await countsOf(tables, follower.id), { followers: 0, following: 1 });
      // Account stats (Settings, Data & Storage) take followersCount and followingCount from social.
      const stats = async (m: Member) => (await m.client.get('/api/account/stats')).body;
      assert.equal((await stats(followed)).followersCount, 1);
      assert.equal((await stats(follower)).followingCount, 1);

      const deleted = await deleteAccount(gone);
      assert.equal(deleted.status, 200, deleted.text);
      await pollUntil(
        () => tables.query('SELECT 1 FROM social.deleted_users WHERE user_id = $1::uuid', [gone.id]),
        (rows) => rows.length === 1,
      );
      assert.deepEqual(await countsOf(tables, followed.id), { followers: 0, following: 0 });
      assert.deepEqual(await countsOf(tables, follower.id), { followers: 0, following: 0 });
      assert.equal((await followed.client.get('/api/account/stats')).body.followersCount, 0);
      await counts.waitFor((p) => p.userId === followed.id && p.followers === 0 && p.following === 0);
      await counts.waitFor((p) => p.userId === follower.id && p.following === 0);
      const [left] = await tables.query<Record<string, number>>(
        `SELECT (SELECT count(*)::int FROM social.follows WHERE follower_id = $1::uuid OR followee_id = $1::uuid) AS follows,
                (SELECT count(*)::int FROM social.blocks WHERE blocker_id = $1::uuid OR blocked_id = $1::uuid) AS blocks,
                (SELECT count(*)::int FROM social.user_network WHERE user_id = $1::uuid) AS states,
                (SELECT count(*)::int FROM social.activities WHERE user_id = $1::uuid OR subject_id = $1::uuid) AS activities`,
        [gone.id],
      );
      assert.deepEqual(left, { follows: 0, blocks: 0, states: 0, activities: 0 });
      assert.deepEqual((await blockerOfGone.client.get('/api/users/blocked')).body, []);
      assert.deepEqual((await network.followers(followed, followed)).body, []);
      const followGone = await network.follow(follower, gone);
      assert.equal(followGone.status, 404, 'a deleted citizen cannot be followed');
    });

    test('a storm of follows, unfollows and blocks among a few citizens leaves every count equal to its edges', async () => {
      const few = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((n) => citizen('Storm', n)));
      const ops = [network.follow, network.follow, network.follow, network.unfollow, network.block, network.unblock];
      let seed = 7;
      const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
      const calls = Array.from({ length: 120 }, () => {
        const from = few[next(few.length)]!;
        const to = few[next(few.length)]!;
        return ops[next(ops.length)]!(from, to);
      });
      const answers = await Promise.all(calls);
      assert.ok(
        answers.every((a) => [200, 400, 409].includes(a.status)),
        answers.map((a) => a.status).join(','),
      );
      assert.deepEqual(
        await countsThatDrifted(
          tables,
          few.map((m) => m.id),
        ),
        [],
      );
      const [both] = await tables.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM social.follows f JOIN social.blocks b
           ON (b.blocker_id = f.follower_id AND b.blocked_id = f.followee_id) OR (b.blocker_id = f.followee_id AND b.blocked_id = f.follower_id)
         WHERE f.follower_id = ANY($1::uuid[])`,
        [few.map((m) => m.id)],
      );
      assert.equal(both!.n, 0, 'no edge stands beside a block');
    });

    if (profile === 'distributed') {
      test('a follow committing while the followed account is erased goes with the rest, and the count drops', async () => {
        const fan = await citizen('Xia', 'Racing');
        const leaving = await citizen('Yan', 'Erased');
        // A follow's transaction of its own on social's database, stopped before its commit.
        const client = new pg.Client({ connectionString: databaseUrl(stack.env.DATABASE_URL!, `${stack.env.DATABASE_PREFIX}social`) });
        await client.connect();
        const tx = pgClientDriver(client);
        const pid = await backendPid(client);
        await client.query('BEGIN');
        await guardPair(tx, fan.id, leaving.id);
        await lockNetworkStates(tx, [fan.id, leaving.id]);
        const at = new Date().toISOString();
        await tx.execute('INSERT INTO social.follows (follower_id, followee_id, created_at) VALUES ($1::uuid, $2::uuid, $3::timestamptz)', [
          fan.id,
          leaving.id,
          at,
        ]);
        await changeNetworkState(tx, leaving.id, { followers: 1 }, at);
        await changeNetworkState(tx, fan.id, { following: 1 }, at);

        const deleted = await deleteAccount(leaving);
        assert.equal(deleted.status, 200, deleted.text);
        // Social's erasure consumer waits for the follow to end.
        await waitUntilBlocked(client, pid, { timeoutMs: 30_000 });
        await client.query('COMMIT');
        await client.end();
        await pollUntil(
          () => tables.query('SELECT 1 FROM social.deleted_users WHERE user_id = $1::uuid', [leaving.id]),
          (rows) => rows.length === 1,
        );
        assert.deepEqual(await countsOf(tables, fan.id), { followers: 0, following: 0 });
        assert.deepEqual(await countsThatDrifted(tables, [fan.id]), []);
      });
    }
  });
}
