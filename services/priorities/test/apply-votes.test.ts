// priorities.apply_votes (prisma/functions/apply_votes.sql), the call that applies a group of
// vote changes (src/votes/vote-batcher.ts): each change is applied exactly as apply_vote applies it
// alone, answered by its position; and the lock order that keeps groups free of deadlocks with each
// other, single votes and erasures (users' locks first, then priorities in id order), checked with a
// transaction of the test's own standing in for the other side (PostgreSQL only: PGlite has one
// connection).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import pg from 'pg';
import { databaseUrl, type SqlDriver } from '@civic/service-kit/db';
import { pgClientDriver } from '@civic/service-kit/db';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { backendPid, waitUntilBlocked } from '../../../test/support/lock-waits.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { prioritiesErasureGuard } from '../src/data-rights/erasure-guard.ts';
import type { VoteChange } from '../src/votes/vote-batcher.ts';
import { firstVoteChange } from './support/vote-changes.ts';
import { createPriority, openPrioritiesTables, setSetting, signInCitizen, TEST_ENV, type Citizen } from './support/priorities-helpers.ts';

type Answer = { item: number; status: string; endorsements: number; oppositions: number };

function applyVotes(tables: SqlDriver, changes: VoteChange[]): Promise<Answer[]> {
  return tables.query<Answer>('SELECT item, status, endorsements, oppositions FROM priorities.apply_votes($1::jsonb) ORDER BY item', [JSON.stringify(changes)]);
}

for (const { profile, skip } of await profilePlan()) {
  describe(`apply_votes (${profile})`, { skip }, () => {
    let tables: SqlDriver;
    let author: Citizen;
    /** Two new priorities, the first lower in id order (the order priority rows are locked in). */
    async function twoPriorities(): Promise<[low: string, high: string]> {
      const ids = [(await createPriority(author.client)).id, (await createPriority(author.client)).id];
      const sorted = await tables.query<{ id: string }>('SELECT id::text FROM unnest($1::uuid[]) AS id ORDER BY id', [ids]);
      return [sorted[0]!.id, sorted[1]!.id];
    }
    const tallyOf = async (id: string) =>
      (await tables.query<{ e: number; o: number }>('SELECT endorsements AS e, oppositions AS o FROM priorities.priorities WHERE id = $1::uuid', [id]))[0];

    const stack = useStack(profile, { services: ['auth', 'account', 'ledger', 'priorities'], env: { ...TEST_ENV, PRIORITIES_VOTE_CALLS: '1' } });
    before(async () => {
      // One vote call at a time, so votes arriving together wait and go as groups.
      setSetting([stack.platforms.priorities!], 'max_priorities_per_user_per_day', '1000');
      tables = await openPrioritiesTables(stack);
      author = await signInCitizen(stack, 'Grouped', 'Votes');
    });

    test('each change of a group is applied as it would be alone, answered by its position', async () => {
      const [low, high] = await twoPriorities();
      const [u1, u2, u3, erased] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      await tables.query('INSERT INTO priorities.deleted_users (user_id, deleted_at) VALUES ($1::uuid, now())', [erased]);
      const changes = [
        firstVoteChange(high, u1, 'endorse'),
        firstVoteChange(low, u2, 'oppose'),
        firstVoteChange(high, u1, 'endorse'), // decided on "no vote yet", which the first change made untrue
        firstVoteChange(randomUUID(), u1, 'endorse'),
        firstVoteChange(low, erased, 'endorse'),
        firstVoteChange(low, u3, 'endorse'),
      ];
      const answers = await applyVotes(tables, changes);
      assert.deepEqual(answers, [
        { item: 0, status: 'applied', endorsements: 1, oppositions: 0 },
        { item: 1, status: 'applied', endorsements: 0, oppositions: 1 },
        { item: 2, status: 'stale', endorsements: 0, oppositions: 0 },
        { item: 3, status: 'missing', endorsements: 0, oppositions: 0 },
        { item: 4, status: 'deleted', endorsements: 0, oppositions: 0 },
        { item: 5, status: 'applied', endorsements: 1, oppositions: 1 },
      ]);
      assert.deepEqual(await tallyOf(low), { e: 1, o: 1 });
      assert.deepEqual(await tallyOf(high), { e: 1, o: 0 });
      const votes = await tables.query<{ priority_id: string; user_id: string; vote_type: string }>(
        'SELECT priority_id::text, user_id::text, vote_type FROM priorities.votes WHERE priority_id IN ($1::uuid, $2::uuid) ORDER BY priority_id, vote_type',
        [low, high],
      );
      assert.deepEqual(votes, [
        { priority_id: low, user_id: u3, vote_type: 'endorse' },
        { priority_id: low, user_id: u2, vote_type: 'oppose' },
        { priority_id: high, user_id: u1, vote_type: 'endorse' },
      ]);
      // One event per applied change, none for the others, each naming the priority's title.
      const events = await tables.query<{ id: string; title: string }>(
        "SELECT id::text, payload->>'priorityTitle' AS title FROM priorities.outbox WHERE id = ANY($1::uuid[]) ORDER BY id",
        [changes.map((c) => (c.outbox as { id: string }).id)],
      );
      const appliedIds = [0, 1, 5].map((i) => (changes[i]!.outbox as { id: string }).id).sort();
      assert.deepEqual(
        events.map((e) => e.id),
        appliedIds,
      );
      assert.ok(
        events.every((e) => e.title.length >= 10),
        'vote.cast carries the title read under the row lock',
      );
    });

    test('many votes through the API at once, grouped, leave the tallies equal to the vote rows', async () => {
      const [low, high] = await twoPriorities();
      const voters = await Promise.all(Array.from({ length: 12 }, (_, i) => signInCitizen(stack, 'Crowd', `Voter${i}`)));
      const answers = await Promise.all(
        voters.flatMap((voter, i) => [
          voter.client.post(`/api/priorities/${low}/vote`, { voteType: i % 3 === 0 ? 'oppose' : 'endorse' }),
          voter.client.post(`/api/priorities/${high}/vote`, { voteType: 'endorse' }),
          voter.client.post(`/api/priorities/${high}/vote`, { voteType: 'endorse' }),
        ]),
      );
      assert.deepEqual([...new Set(answers.map((a) => a.status))], [200]);
      const counted = await tables.query<{ id: string; e: number; o: number }>(
        `SELECT priority_id::text AS id, count(*) FILTER (WHERE vote_type = 'endorse')::int AS e, count(*) FILTER (WHERE vote_type = 'oppose')::int AS o
         FROM priorities.votes WHERE priority_id IN ($1::uuid, $2::uuid) GROUP BY priority_id ORDER BY priority_id`,
        [low, high],
      );
      assert.deepEqual(counted, [
        { id: low, e: 8, o: 4 },
        { id: high, e: 12, o: 0 },
      ]);
      assert.deepEqual(await tallyOf(low), { e: 8, o: 4 });
      assert.deepEqual(await tallyOf(high), { e: 12, o: 0 });
      // Rows written by one transaction share its xmin: fewer transactions than votes means groups.
      // (Embedded, PGlite answers on the thread that receives the requests, so votes rarely wait.)
      if (profile === 'embedded') return;
      const [row] = await tables.query<{ transactions: number }>(
        'SELECT count(DISTINCT xmin::text)::int AS transactions FROM priorities.votes WHERE priority_id IN ($1::uuid, $2::uuid)',
        [low, high],
      );
      assert.ok(row!.transactions < 24, `24 votes in ${row!.transactions} transactions: some went together`);
    });

    if (profile === 'distributed') {
      /** A transaction of the test's own on priorities' database. */
      async function otherTransaction() {
        const client = new pg.Client({ connectionString: databaseUrl(stack.env.DATABASE_URL!, `${stack.env.DATABASE_PREFIX}priorities`) });
        await client.connect();
        const pid = await backendPid(client);
        await client.query('BEGIN');
        const lockRowNow = (id: string) => client.query('SELECT 1 FROM priorities.priorities WHERE id = $1::uuid FOR NO KEY UPDATE NOWAIT', [id]);
        return {
          client,
          tx: pgClientDriver(client),
          lockRowNow,
          /** Resolves once another backend (the group) waits for a lock this transaction holds. */
          blocking: () => waitUntilBlocked(client, pid),
          commit: async () => (await client.query('COMMIT'), await client.end()),
        };
      }

      test('a group locks its priorities in id order, whatever the order of its changes', async () => {
        const [low, high] = await twoPriorities();
        const other = await otherTransaction();
        await other.lockRowNow(low);
        const group = applyVotes(tables, [firstVoteChange(high, randomUUID(), 'endorse'), firstVoteChange(low, randomUUID(), 'endorse')]);
        await other.blocking();
        // The group waits for the lower id before taking the higher one, so the higher is free.
        await other.lockRowNow(high);
        await other.commit();
        assert.deepEqual(
          (await group).map((a) => a.status),
          ['applied', 'applied'],
        );
      });

      test("a group takes its users' locks before any priority row, so it never holds a row an erasure needs", async () => {
        const [low, high] = await twoPriorities();
        const [voter, erased] = [randomUUID(), randomUUID()];
        const erasure = await otherTransaction();
        await prioritiesErasureGuard.lockExclusive(erasure.tx, erased);
        const group = applyVotes(tables, [firstVoteChange(low, voter, 'endorse'), firstVoteChange(high, erased, 'endorse')]);
        await erasure.blocking();
        // The erasure goes on to lock the priorities its user voted on: the group holds none of them.
        await erasure.lockRowNow(low);
        await erasure.lockRowNow(high);
        await erasure.tx.execute('INSERT INTO priorities.deleted_users (user_id, deleted_at) VALUES ($1::uuid, now())', [erased]);
        await erasure.commit();
        assert.deepEqual(
          (await group).map((a) => a.status),
          ['applied', 'deleted'],
        );
      });
    }
  });
}
