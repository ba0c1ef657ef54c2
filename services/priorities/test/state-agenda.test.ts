// The agenda by state (issue 23, docs/ranking.md section 7) through the gateway on both run profiles:
// the profile's state set in Edit Profile reaches priorities' members; GET /api/priorities?state=XX
// counts only members who share that state on a public profile; a tally is answered from 10 voters
// of the state on a priority (9: null); a private profile, a cleared or changed state and an erased
// account stop counting; a state set in Edit Profile re-announces the visibility. The voters are
// sessions of ids whose profile events a test producer publishes as the account service would
// (signing 20 citizens in would cost seconds per profile). State and visibility changes count from the
// next hourly epoch (issue 35 item 7; state-epochs.test.ts): the clock is moved to it and its job run.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { accountEvents, STATE_TALLY_MIN_VOTERS, US_STATE_MESSAGE, ZAccountExport, type TPriority, type TProfile, type UsStateCode } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { ALL_SERVICES, useStack } from '../../../test/support/integration-suite.ts';
import { SteppingClock } from '../../../test/support/stepping-clock.ts';
import { startTestProducer, type TestProducer } from '../../../test/support/test-producer.ts';
import { profileUpdated } from '../../../test/support/account-events.ts';
import { createPriority, openPrioritiesTables, pollUntil, sessionFor, setSetting, signInCitizen, TEST_ENV, vote } from './support/priorities-helpers.ts';
import { entryOf as entry, stateList, stateMembers } from './support/state-members.ts';

/** A voter's id; each vote gets a fresh session, as the clock moves by hours between the steps. */
interface Voter {
  id: string;
}

for (const { profile, skip } of await profilePlan()) {
  describe(`the agenda by state (${profile})`, { skip }, () => {
    let tables: SqlDriver;
    let producer: TestProducer;
    let members: ReturnType<typeof stateMembers>;
    const clock = new SteppingClock();
    // Tallies counted at every read (kept 60 s by default): each step is seen at once. The epoch job
    // runs when the test says (its own period is longer than the test); no snapshot slot is crossed.
    const stack = useStack(profile, {
      services: ALL_SERVICES,
      clock,
      env: { ...TEST_ENV, PRIORITIES_STATE_TALLIES_MS: '0', PRIORITIES_STATE_EPOCH_CHECK_MS: '600000', OPEN_DATA_SNAPSHOT_MS: String(7 * 24 * 3_600_000) },
    });
    before(async () => {
      setSetting([stack.platforms.priorities!], 'vote_change_cooldown_hours', '0');
      tables = await openPrioritiesTables(stack);
      producer = await startTestProducer(stack);
      members = stateMembers(stack, producer, tables, clock);
    });
    const memberRow = (userId: string) => members.memberRow(userId);
    const setState = (userId: string, state: UsStateCode | null) => members.setState(userId, state);
    const setPublic = (userId: string, isPublic: boolean) => members.setPublic(userId, isPublic);

    /** Citizens sharing the state on a public profile, counted from the next epoch on. */
    async function votersIn(state: UsStateCode, count: number): Promise<Voter[]> {
      const voters: Voter[] = [];
      for (let i = 0; i < count; i++) {
        const id = randomUUID();
        // As the account service does: a state set announces the (public) visibility again.
        await setState(id, state);
        await setPublic(id, true);
        voters.push({ id });
      }
      return voters;
    }

    async function castAll(voters: readonly Voter[], priority: TPriority, voteType: 'endorse' | 'oppose'): Promise<void> {
      for (const voter of voters) {
        const cast = await vote(await sessionFor(stack, voter.id), priority.id, voteType);
        assert.equal(cast.status, 200, cast.text);
      }
    }

    test('Edit Profile saves a state (or refuses one that is not a US state code) and priorities keeps it; the export carries it', async () => {
      const citizen = await signInCitizen(stack, 'Ohioan', 'Editor');
      const path = `/api/users/${citizen.id}/profile`;
      const refused = await citizen.client.request('PATCH', path, { body: { firstName: 'Ohioan', state: 'XX' } });
      assert.equal(refused.status, 400, refused.text);
      assert.match(refused.text, new RegExp(US_STATE_MESSAGE));
      const saved = await citizen.client.request<TProfile>('PATCH', path, { body: { firstName: 'Ohioan', state: 'OH' } });
      assert.equal(saved.status, 200, saved.text);
      assert.equal((saved.body as { state?: string }).state, 'OH');
      await pollUntil(
        () => memberRow(citizen.id),
        (rows) => rows[0]?.state === 'OH' && rows[0].profile_public,
      );
      const exported = ZAccountExport.parse((await citizen.client.get('/api/account/export')).body);
      assert.equal(exported.sections.account.profile?.state, 'OH');

      // A private profile stops counting: the visibility reaches priorities from the settings change.
      assert.equal((await citizen.client.request('PATCH', '/api/settings', { body: { profileVisibility: 'private' } })).status, 200);
      await pollUntil(
        () => memberRow(citizen.id),
        (rows) => rows[0]?.profile_public === false,
      );
      // A member row from before priorities kept the visibility (public by default, never told):
      // setting a state announces the visibility again, so the private profile is known before it counts.
      await tables.query(
        'UPDATE priorities.members SET profile_public = true, privacy_changed_at = NULL, tally_change_pending_since = now() WHERE user_id = $1::uuid',
        [citizen.id],
      );
      assert.equal((await citizen.client.request('PATCH', path, { body: { firstName: 'Ohioan', state: 'OH' } })).status, 200);
      await pollUntil(
        () => memberRow(citizen.id),
        (rows) => rows[0]?.profile_public === false,
      );
      // An edit that leaves the state out keeps it; an empty one clears it.
      await citizen.client.request('PATCH', path, { body: { firstName: 'Ohioan', bio: 'Still here' } });
      const cleared = await citizen.client.request<TProfile>('PATCH', path, { body: { firstName: 'Ohioan', state: '' } });
      assert.equal((cleared.body as { state?: string | null }).state, null);
      await pollUntil(
        () => memberRow(citizen.id),
        (rows) => rows[0]?.state === null,
      );
    });

    test('k-anonymity: 9 voters of a state give no tally, the 10th gives it; private profiles, state changes and erasure move the counts', async () => {
      const author = await signInCitizen(stack, 'Agenda', 'Author');
      const first = await createPriority(author.client, { title: 'State agenda: rural broadband everywhere' });
      const second = await createPriority(author.client, { title: 'State agenda: fix the river locks' });
      const untallied = await createPriority(author.client, { title: 'State agenda: nobody from here voted' });
      const ohio = await votersIn('OH', 11);
      const penn = await votersIn('PA', 1);
      await members.enterNextEpoch();

      // Nine Ohioans endorse the first priority: counted as voters, but no tally is shown.
      await castAll(ohio.slice(0, 9), first, 'endorse');
      let list = await stateList(author.client, 'OH');
      assert.equal(list.state, 'OH');
      assert.equal(list.minVoters, STATE_TALLY_MIN_VOTERS);
      assert.equal(list.votersCounted, 9);
      assert.equal(entry(list, first.id).stateTally, null);
      assert.equal(entry(list, first.id).rank, null);

      // The tenth: the tally appears and the priority is first in Ohio.
      await castAll(ohio.slice(9, 10), first, 'endorse');
      list = await stateList(author.client, 'OH');
      assert.equal(list.votersCounted, 10);
      assert.deepEqual(entry(list, first.id).stateTally, { endorsements: 10, oppositions: 0 });
      assert.equal(list.priorities[0]!.id, first.id);
      assert.equal(list.priorities[0]!.rank, 1);
      // The national counts stay national; another state sees no tally.
      assert.equal(entry(list, first.id).endorsements, 10);
      assert.equal(entry(await stateList(author.client, 'PA'), first.id).stateTally, null);

      // The second priority: 10 Ohioans, 6 endorse and 4 oppose (score 2) ranks after the first (score 10).
      await castAll(ohio.slice(0, 6), second, 'endorse');
      await castAll(ohio.slice(6, 10), second, 'oppose');
      list = await stateList(author.client, 'OH');
      assert.deepEqual(
        list.priorities.slice(0, 2).map((p) => [p.id, p.rank, p.stateTally]),
        [
          [first.id, 1, { endorsements: 10, oppositions: 0 }],
          [second.id, 2, { endorsements: 6, oppositions: 4 }],
        ],
      );
      // Paged across the end of the tallied part: the rest follows in the national order, without ranks.
      const [head, tail] = [await stateList(author.client, 'OH', '&limit=1'), await stateList(author.client, 'OH', '&limit=2&offset=1')];
      assert.deepEqual(
        [...head.priorities, ...tail.priorities].map((p) => [p.id, p.rank]).slice(0, 3),
        list.priorities.slice(0, 3).map((p) => [p.id, p.rank]),
      );
      assert.deepEqual([tail.priorities[1]!.id, tail.priorities[1]!.stateTally], [untallied.id, null]);
      // A filtered state list has no rank numbers, like the national one.
      const searched = await stateList(author.client, 'OH', '&search=river%20locks');
      assert.deepEqual(
        searched.priorities.map((p) => [p.id, p.rank]),
        [[second.id, null]],
      );

      // One Ohioan goes private: nine count on each, no tallies any more.
      await setPublic(ohio[0]!.id, false);
      await members.enterNextEpoch();
      list = await stateList(author.client, 'OH');
      assert.equal(list.votersCounted, 9);
      assert.equal(entry(list, first.id).stateTally, null);
      assert.equal(entry(list, second.id).stateTally, null);
      // Public again: counted again.
      await setPublic(ohio[0]!.id, true);
      await members.enterNextEpoch();
      assert.deepEqual(entry(await stateList(author.client, 'OH'), first.id).stateTally, { endorsements: 10, oppositions: 0 });

      // One Ohioan moves to Pennsylvania: Ohio loses a voter, Pennsylvania gains one.
      await castAll(penn, first, 'oppose');
      await setState(ohio[1]!.id, 'PA');
      await members.enterNextEpoch();
      list = await stateList(author.client, 'OH');
      assert.equal(list.votersCounted, 9);
      assert.equal(entry(list, first.id).stateTally, null);
      assert.equal((await stateList(author.client, 'PA')).votersCounted, 2);
      // An eleventh Ohioan endorses: ten again.
      await castAll(ohio.slice(10, 11), first, 'endorse');
      assert.deepEqual(entry(await stateList(author.client, 'OH'), first.id).stateTally, { endorsements: 10, oppositions: 0 });
      // A profile event older than the move, delivered late, does not move them back.
      const late = await producer.publish(accountEvents.ProfileUpdated, {
        ...profileUpdated(ohio[1]!.id, { firstName: 'Voter', lastName: null }, members.pastTime(10 * 60_000)),
        state: 'OH',
      });
      await pollUntil(
        () => tables.query('SELECT 1 FROM priorities.processed_events WHERE event_id = $1::uuid', [late.id]),
        (rows) => rows.length === 1,
      );
      // Clearing the state stops counting too.
      await setState(ohio[2]!.id, null);
      await members.enterNextEpoch();
      list = await stateList(author.client, 'OH');
      assert.equal(list.votersCounted, 9);
      assert.equal(entry(list, first.id).stateTally, null);
      assert.equal((await memberRow(ohio[1]!.id))[0]!.state, 'PA');

      // Erasure: the member row (state included) goes with the votes.
      await producer.publish(accountEvents.UserDeleted, { userId: ohio[3]!.id, deletedAt: new Date().toISOString() });
      await pollUntil(
        () => memberRow(ohio[3]!.id),
        (rows) => rows.length === 0,
      );
      assert.equal((await stateList(author.client, 'OH')).votersCounted, 8);
    });

    test('a state that is not a US state code is refused with the message', async () => {
      const citizen = await signInCitizen(stack, 'Query', 'Checker');
      const answer = await citizen.client.get('/api/priorities?state=ZZ');
      assert.equal(answer.status, 400, answer.text);
      assert.match(answer.text, new RegExp(US_STATE_MESSAGE));
    });
  });
}
