// State tallies in epochs (issue 35 item 7, docs/ranking.md section 7a) on both run profiles: a
// citizen's state or visibility change moves no state tally before the next hour boundary; the epoch
// job of that hour applies every pending change of it together; a second run (or a second replica
// racing it) changes nothing; a change and its revert within one hour leave the tallies as they were;
// a vote by a citizen already counted moves the tally at once; after hours without a run the next one
// catches up; a write that does not mark the change (the previous release) is marked by the database. The clock is a stepping one: the test moves it past the hour, nothing sleeps.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import type { TPriority, TStatePriorityList, UsStateCode } from '@civic/contracts';
import type { Platform } from '@civic/service-kit';
import { databaseUrl, type SqlDriver } from '@civic/service-kit/db';
import pg from 'pg';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { backendPid, waitUntilBlocked } from '../../../test/support/lock-waits.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { SteppingClock } from '../../../test/support/stepping-clock.ts';
import { startTestProducer } from '../../../test/support/test-producer.ts';
import { prioritiesJobsOf } from '../src/app.ts';
import { epochOf } from '../src/members/apply-state-epoch.ts';
import { createPriority, openPrioritiesTables, sessionFor, setSetting, signInCitizen, TEST_ENV, vote, type Citizen } from './support/priorities-helpers.ts';
import { entryOf, stateList, stateMembers } from './support/state-members.ts';

interface EpochRow {
  epoch: Date;
  members_moved: number;
}

for (const { profile, skip } of await profilePlan()) {
  describe(`state tallies in epochs (${profile})`, { skip }, () => {
    const clock = new SteppingClock();
    const stack = useStack(profile, {
      services: ['auth', 'account', 'ledger', 'priorities'],
      clock,
      // Tallies counted at every read; the epoch job runs only when the test says; no snapshot slot is crossed.
      env: { ...TEST_ENV, PRIORITIES_STATE_TALLIES_MS: '0', PRIORITIES_STATE_EPOCH_CHECK_MS: '600000', OPEN_DATA_SNAPSHOT_MS: String(7 * 24 * 3_600_000) },
    });
    let tables: SqlDriver;
    let members: ReturnType<typeof stateMembers>;
    let author: Citizen;
    let priority: TPriority;

    before(async () => {
      setSetting([stack.platforms.priorities!], 'vote_change_cooldown_hours', '0');
      tables = await openPrioritiesTables(stack);
      members = stateMembers(stack, await startTestProducer(stack), tables, clock);
      author = await signInCitizen(stack, 'Epoch', 'Author');
      priority = await createPriority(author.client, { title: 'State epochs: one hour at a time' });
      // Ten past an hour: each step's changes fall within one hour (a step takes seconds, not 50 minutes).
      members.nextHour();
    });

    /** A citizen with a state on a public profile (counted from the next epoch on). */
    async function citizenOf(state: UsStateCode): Promise<string> {
      const id = randomUUID();
      await members.setState(id, state);
      await members.setPublic(id, true);
      return id;
    }
    async function cast(userId: string, voteType: 'endorse' | 'oppose'): Promise<void> {
      const answer = await vote(await sessionFor(stack, userId), priority.id, voteType);
      assert.equal(answer.status, 200, answer.text);
    }
    /** What a reader sees of the test's priority in a state: voters counted and its tally. */
    const seen = async (state: UsStateCode) => {
      const list: TStatePriorityList = await stateList(author.client, state);
      return { voters: list.votersCounted, tally: entryOf(list, priority.id).stateTally };
    };
    const epochRows = () => tables.query<EpochRow>('SELECT epoch, members_moved FROM priorities.state_epochs ORDER BY epoch');
    const epochRow = async (at: Date) => (await epochRows()).find((row) => new Date(row.epoch).getTime() === at.getTime());
    const pendingCount = async (ids: readonly string[]) =>
      Number(
        (
          await tables.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM priorities.members WHERE user_id = ANY($1::uuid[]) AND tally_change_pending_since IS NOT NULL',
            [ids],
          )
        )[0]!.n,
      );

    // The citizens of the whole story: eleven Ohioans who endorse, one who opposes later, newcomers.
    let ohio: string[] = [];

    test('a state change moves no state tally before the epoch; the epoch applies the hour together; a second run changes nothing', async () => {
      ohio = [];
      for (let i = 0; i < 12; i++) ohio.push(await citizenOf('OH'));
      for (const id of ohio.slice(0, 11)) await cast(id, 'endorse');
      // Twelve Ohioans set their state, eleven endorsed: nothing of it shows before the epoch.
      assert.deepEqual(await seen('OH'), { voters: 0, tally: null });
      assert.equal(await pendingCount(ohio), 12);
      // The job run within the same hour: its boundary is the one before these changes.
      await members.runEpoch();
      assert.deepEqual(await seen('OH'), { voters: 0, tally: null });

      members.nextHour();
      const epoch = epochOf(clock.now());
      await members.runEpoch();
      assert.deepEqual(await seen('OH'), { voters: 11, tally: { endorsements: 11, oppositions: 0 } });
      assert.equal((await epochRow(epoch))?.members_moved, 12, 'all twelve together, in the epoch of that hour');
      assert.equal(await pendingCount(ohio), 0);

      // A second run of the same hour (and a second replica racing it, distributed) changes nothing.
      await members.runEpoch();
      assert.deepEqual(await seen('OH'), { voters: 11, tally: { endorsements: 11, oppositions: 0 } });
      assert.equal((await epochRows()).filter((row) => new Date(row.epoch).getTime() === epoch.getTime()).length, 1);
      assert.equal((await epochRow(epoch))?.members_moved, 12);
    });

    test('a vote by a citizen already counted moves the tally at once (only the membership change waits)', async () => {
      await cast(ohio[11]!, 'oppose');
      assert.deepEqual(await seen('OH'), { voters: 12, tally: { endorsements: 11, oppositions: 1 } });
    });

    test("an hour's changes apply together at its epoch: joins, leaves, moves; a change reverted within the hour moves nothing", async () => {
      const before = await seen('OH');
      const newcomer = await citizenOf('OH');
      await cast(newcomer, 'oppose');
      await members.setPublic(ohio[0]!, false);
      await members.setState(ohio[1]!, 'PA');
      // Reverted within the hour: a move and back, private and back.
      await members.setState(ohio[2]!, 'PA');
      await members.setState(ohio[2]!, 'OH');
      await members.setPublic(ohio[3]!, false);
      await members.setPublic(ohio[3]!, true);
      assert.deepEqual(await seen('OH'), before, 'no single change shows before the epoch');
      assert.deepEqual((await seen('PA')).voters, 0);

      members.nextHour();
      const epoch = epochOf(clock.now());
      await members.runEpoch();
      // Ohio: 12 − 1 (private) − 1 (moved) + 1 (newcomer, who opposed) = 11 voters; 9 endorse, 2 oppose.
      assert.deepEqual(await seen('OH'), { voters: 11, tally: { endorsements: 9, oppositions: 2 } });
      assert.deepEqual(await seen('PA'), { voters: 1, tally: null });
      assert.equal((await epochRow(epoch))?.members_moved, 3, 'the newcomer, the private one and the mover; not the reverted two');
      assert.deepEqual(await members.memberRow(ohio[2]!), [{ state: 'OH', profile_public: true, counted_state: 'OH' }]);
    });

    test('a change and its revert within one hour leave the tallies unchanged', async () => {
      const before = { OH: await seen('OH'), PA: await seen('PA') };
      await members.setState(ohio[4]!, 'PA');
      await members.setPublic(ohio[4]!, false);
      await members.setPublic(ohio[4]!, true);
      assert.equal(await pendingCount([ohio[4]!]), 1, 'pending while the counted state would change');
      await members.setState(ohio[4]!, 'OH');
      assert.equal(await pendingCount([ohio[4]!]), 0, 'back where it counts: nothing pending');
      members.nextHour();
      const epoch = epochOf(clock.now());
      await members.runEpoch();
      assert.deepEqual({ OH: await seen('OH'), PA: await seen('PA') }, before);
      assert.equal(await epochRow(epoch), undefined, 'nothing to apply: no epoch');
    });

    test('replicas racing for one epoch apply it once; after hours without a run the next run catches up', async () => {
      const second: Platform = profile === 'distributed' ? (await stack.startReplica('priorities')).platform : stack.platforms.priorities!;
      await members.setPublic(ohio[5]!, false);
      await members.setState(ohio[6]!, 'PA');
      // Three hours without a run (the service was down): the next run applies the current boundary.
      members.nextHour(3);
      const epoch = epochOf(clock.now());
      const rowsBefore = (await epochRows()).length;
      await Promise.all([members.runEpoch(), prioritiesJobsOf(second)!.stateEpoch.runNow()]);
      assert.equal((await epochRows()).length, rowsBefore + 1, 'one boundary applied, once; the hours missed go with it');
      assert.equal((await epochRow(epoch))?.members_moved, 2);
      assert.deepEqual(await seen('OH'), { voters: 9, tally: null });
      assert.deepEqual((await seen('PA')).voters, 2);
    });

    test('a write of the state without the mark (the previous release while an upgrade rolls) is marked by the database and applied at the next epoch', async () => {
      await tables.query('UPDATE priorities.members SET state = $2::text WHERE user_id = $1::uuid', [ohio[7]!, 'CA']);
      assert.equal(await pendingCount([ohio[7]!]), 1);
      assert.deepEqual((await seen('CA')).voters, 0);
      await members.enterNextEpoch();
      assert.deepEqual((await seen('CA')).voters, 1);
      assert.deepEqual(await members.memberRow(ohio[7]!), [{ state: 'CA', profile_public: true, counted_state: 'CA' }]);
      // Nor can a write leave the counted state wrong without the mark: the database puts it back.
      await tables.query('UPDATE priorities.members SET counted_state = $2::text, tally_change_pending_since = NULL WHERE user_id = $1::uuid', [
        ohio[7]!,
        'OH',
      ]);
      assert.equal(await pendingCount([ohio[7]!]), 1);
    });

    test('a member write under way when the epoch runs: the epoch waits for it and applies what it committed (distributed)', {
      skip: profile === 'embedded' ? 'PGlite serves one connection: no two transactions can wait on each other' : false,
    }, async () => {
      const mover = await citizenOf('OH');
      // A consumer's transaction, held open: the mover's state written, not yet committed.
      const holder = new pg.Client({ connectionString: databaseUrl(stack.env.DATABASE_URL!, `${stack.env.DATABASE_PREFIX}priorities`) });
      await holder.connect();
      try {
        const pid = await backendPid(holder);
        await holder.query('BEGIN');
        await holder.query('UPDATE priorities.members SET state = $2::text WHERE user_id = $1::uuid', [mover, 'PA']);
        members.nextHour();
        const epoch = members.runEpoch();
        await waitUntilBlocked(holder, pid);
        await holder.query('COMMIT');
        await epoch;
      } finally {
        await holder.end();
      }
      assert.deepEqual(await members.memberRow(mover), [{ state: 'PA', profile_public: true, counted_state: 'PA' }]);
      assert.equal(await pendingCount([mover]), 0);
    });
  });
}
