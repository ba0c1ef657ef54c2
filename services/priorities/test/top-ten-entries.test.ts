// The top-ten job (issue 22, src/priorities/record-top-ten-entries.ts) on both run profiles: a
// priority that reaches the top 10 of the ranking gets one civic.priorities.priority.entered_top_ten,
// with the rank the list shows; later votes, later runs, leaving and re-entering publish nothing more;
// a removed priority never enters; two processes running the job at once (distributed: two replicas
// on one database) announce each entry once; the first run after the migration on a database that
// already had priorities records the top 10 silently. The job's period is an hour here, so only the
// test runs it (runNow). The rankings are shaped by writing the tallies directly (thousands of
// endorsements, far above every earlier test's priorities), then moved by real votes through the API.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { prioritiesEvents, type TPriority } from '@civic/contracts';
import type { Platform } from '@civic/service-kit';
import type { SqlDriver } from '@civic/service-kit/db';
import type { ApiClient } from '../../../test/support/api-client.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { prioritiesJobsOf } from '../src/app.ts';
import {
  createPriority,
  listPriorities,
  openPrioritiesTables,
  pollUntil,
  sessionFor,
  setSetting,
  signInCitizen,
  TEST_ENV,
  vote,
  type Citizen,
} from './support/priorities-helpers.ts';

const ENTERED = prioritiesEvents.PriorityEnteredTopTen;
type Entered = ReturnType<typeof ENTERED.schema.parse>;

for (const { profile, skip } of await profilePlan()) {
  describe(`top ten entries (${profile})`, { skip }, () => {
    const stack = useStack(profile, { services: ['auth', 'account', 'ledger', 'priorities'], env: { ...TEST_ENV, PRIORITIES_TOP_TEN_MS: '3600000' } });
    let tables: SqlDriver;
    let author: Citizen;
    let voter: Citizen;
    let admin: ApiClient;

    const runJob = (platform: Platform = stack.platforms.priorities!) => prioritiesJobsOf(platform)!.topTen.runNow();
    /** Every entered_top_ten in priorities' outbox, checked against the contract, oldest first. */
    const enteredEvents = async (): Promise<Entered[]> =>
      (await tables.query<{ payload: unknown }>('SELECT payload FROM priorities.outbox WHERE subject = $1 ORDER BY seq', [ENTERED.subject])).map((row) =>
        ENTERED.schema.parse(row.payload),
      );
    const eventsOf = async (ids: readonly string[]) => (await enteredEvents()).filter((event) => ids.includes(event.priorityId));
    /** Sets a priority's endorsements (score follows: it is generated) to place it in the ranking. */
    const setEndorsements = (id: string, endorsements: number) =>
      tables.query('UPDATE priorities.priorities SET endorsements = $2::int WHERE id = $1::uuid', [id, endorsements]);
    const createRanked = async (endorsements: readonly number[], tag: string): Promise<TPriority[]> => {
      const created: TPriority[] = [];
      for (const [index, count] of endorsements.entries()) {
        const priority = await createPriority(author.client, { title: `${tag} ${index} reaching the top ten` });
        await setEndorsements(priority.id, count);
        created.push(priority);
      }
      return created;
    };
    const ranksShown = async (): Promise<Map<string, number | null>> =>
      new Map((await listPriorities(voter.client, '?limit=50')).body.map((p) => [p.id, p.rank]));

    before(async () => {
      setSetting([stack.platforms.priorities!], 'max_priorities_per_user_per_day', '1000');
      tables = await openPrioritiesTables(stack);
      author = await signInCitizen(stack, 'Topten', 'Author');
      voter = await signInCitizen(stack, 'Topten', 'Voter');
      admin = await sessionFor(stack, randomUUID(), { isAdmin: true });
    });

    test('each priority that reaches the top 10 is announced once, with its rank, whatever happens later', async () => {
      // Eleven priorities: the first ten are the top 10 (ranks 1-10), the last is 11th.
      const priorities = await createRanked([1010, 1009, 1008, 1007, 1006, 1005, 1004, 1003, 1002, 1001, 1000], 'Climb');
      const ids = priorities.map((p) => p.id);
      await runJob();
      const first = await eventsOf(ids);
      assert.deepEqual(
        first.map((event) => event.priorityId),
        ids.slice(0, 10),
        'the top 10, in rank order; the 11th is not announced',
      );
      // The ranks announced are the ranks the list shows. The tallies were written past the service, so
      // its kept top list shows them within a second (its age bound): until then they are unranked (0 < 5).
      const shown = await pollUntil(ranksShown, (ranks) => ids.slice(0, 10).every((id) => typeof ranks.get(id) === 'number'));
      for (const event of first) {
        assert.equal(event.rank, shown.get(event.priorityId), 'rank as listed');
        assert.equal(event.authorId, author.id);
        assert.equal(event.title, priorities.find((p) => p.id === event.priorityId)!.title);
      }

      // A real vote on one of them, and more runs: nothing new.
      assert.equal((await vote(voter.client, ids[0]!, 'endorse')).status, 200);
      await runJob();
      await runJob();
      assert.equal((await eventsOf(ids)).length, 10);

      // The 11th climbs to the top (the 10th leaves): announced once, rank 1.
      await setEndorsements(ids[10]!, 1100);
      await runJob();
      const climbed = await eventsOf([ids[10]!]);
      assert.equal(climbed.length, 1);
      assert.equal(climbed[0]!.rank, 1);
      // It falls back (the 10th re-enters) and climbs again: nothing more for either.
      await setEndorsements(ids[10]!, 1000);
      await runJob();
      await setEndorsements(ids[10]!, 1100);
      await runJob();
      assert.equal((await eventsOf(ids)).length, 11, 'leaving and re-entering announces nothing');
      const rows = await tables.query<{ n: number }>('SELECT count(*)::int AS n FROM priorities.top_ten_entries WHERE priority_id = ANY($1::uuid[])', [ids]);
      assert.equal(Number(rows[0]!.n), 11);
    });

    test('a removed priority never enters', async () => {
      const [removed] = await createRanked([5000], 'Removed');
      assert.equal((await admin.request('DELETE', `/api/admin/priorities/${removed!.id}`)).status, 200);
      await runJob();
      assert.deepEqual(await eventsOf([removed!.id]), []);
      const rows = await tables.query('SELECT 1 FROM priorities.top_ten_entries WHERE priority_id = $1::uuid', [removed!.id]);
      assert.equal(rows.length, 0);
    });

    test('two runs at once announce each entry once (distributed: two replicas on one database)', async () => {
      const second = profile === 'distributed' ? (await stack.startReplica('priorities')).platform : stack.platforms.priorities!;
      for (const round of [1, 2, 3]) {
        // Ten new priorities above everything: all ten enter in the same run.
        const band = 10_000 * round;
        const priorities = await createRanked(
          Array.from({ length: 10 }, (_, i) => band + 10 - i),
          `Race${round}`,
        );
        const ids = priorities.map((p) => p.id);
        await Promise.all([runJob(), runJob(second)]);
        const events = await eventsOf(ids);
        assert.deepEqual(events.map((event) => event.priorityId).sort(), [...ids].sort(), `round ${round}: each one once`);
      }
    });

    test('the first run after the migration, on a database that had priorities, records the top 10 without events', async () => {
      // As the migration leaves it when priorities exist.
      await tables.query('INSERT INTO priorities.top_ten_baseline (pending) VALUES (true)');
      const [before] = await createRanked([50_000], 'Baseline');
      await runJob();
      assert.deepEqual(await eventsOf([before!.id]), [], 'already there at deployment: not news');
      assert.equal((await tables.query('SELECT 1 FROM priorities.top_ten_entries WHERE priority_id = $1::uuid', [before!.id])).length, 1);
      assert.equal((await tables.query('SELECT 1 FROM priorities.top_ten_baseline')).length, 0, 'the marker is used once');
      const [after] = await createRanked([60_000], 'After baseline');
      await runJob();
      assert.equal((await eventsOf([after!.id])).length, 1, 'later entries are announced');
    });
  });
}
