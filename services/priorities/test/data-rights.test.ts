// priorities' part of the account data protocols (docs/protocols/account-data.md), through the
// gateway on both run profiles: its export section, its account counts, and the erasure on
// civic.account.user.deleted (votes deleted with the tallies lowered in the same transaction,
// authored priorities kept but detached, a tombstone against late events and racing sessions).
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { accountEvents, ZAccountExport, type TAccountStats, type TPriority, type TStats } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { ALL_SERVICES, useStack } from '../../../test/support/integration-suite.ts';
import { startTestProducer, type TestProducer } from '../../../test/support/test-producer.ts';
import { profileUpdated } from '../../../test/support/account-events.ts';
import {
  createPriority,
  listPriorities,
  openPrioritiesTables,
  pollUntil,
  priorityBody,
  sessionFor,
  setSetting,
  signInCitizen,
  TEST_ENV,
  vote,
  type Citizen,
} from './support/priorities-helpers.ts';
import { balanceOf } from './support/promotion-helpers.ts';

const deleteAccount = (citizen: Citizen) => citizen.client.request('DELETE', '/api/account', { body: { confirmation: 'DELETE' } });

for (const { profile, skip } of await profilePlan()) {
  describe(`priorities data rights (${profile})`, { skip }, () => {
    let tables: SqlDriver;
    let producer: TestProducer;
    const stack = useStack(profile, { services: ALL_SERVICES, env: TEST_ENV });
    before(async () => {
      setSetting([stack.platforms.priorities!], 'vote_change_cooldown_hours', '0');
      tables = await openPrioritiesTables(stack);
      producer = await startTestProducer(stack);
    });

    test("the export's priorities section: the user's priorities, votes, vote changes and promotions, nothing of others", async () => {
      const owner = await signInCitizen(stack, 'Octavia', 'Exporter');
      const other = await signInCitizen(stack, 'Bartholomew', 'Stranger');
      const mine = await createPriority(owner.client, { title: 'Owner priority for the export', issueId: 3 });
      const theirs = await createPriority(other.client, { title: 'Someone else entirely private-ish title' });
      await vote(owner.client, mine.id, 'endorse');
      await vote(owner.client, theirs.id, 'endorse');
      await vote(owner.client, theirs.id, 'oppose');
      await vote(other.client, mine.id, 'oppose');
      // Promotions cost 1 here; the payers' first PC (the registration credit) comes by event.
      setSetting([stack.platforms.priorities!], 'priority_promotion_cost', '1');
      for (const payer of [owner, other])
        await pollUntil(
          () => balanceOf(payer),
          (balance) => balance >= 1,
        );
      try {
        const promoted = await owner.client.post(`/api/priorities/${theirs.id}/promote`);
        assert.equal(promoted.status, 200, promoted.text);
        assert.equal((await other.client.post(`/api/priorities/${mine.id}/promote`)).status, 200);
      } finally {
        setSetting([stack.platforms.priorities!], 'priority_promotion_cost', '50');
      }

      const answer = await owner.client.get('/api/account/export');
      assert.equal(answer.status, 200, answer.text);
      const section = ZAccountExport.parse(answer.body).sections.priorities;
      assert.deepEqual(section.priorities, [{ id: mine.id, title: mine.title, description: mine.description, issueId: 3, createdAt: mine.createdAt }]);
      assert.deepEqual(
        section.votes.map(({ priorityId, voteType }) => ({ priorityId, voteType })),
        [
          { priorityId: mine.id, voteType: 'endorse' },
          { priorityId: theirs.id, voteType: 'oppose' },
        ],
      );
      assert.deepEqual(
        section.voteChanges.map((c) => c.priorityId),
        [theirs.id],
      );
      assert.deepEqual(
        section.promotions.map(({ priorityId, cost, status }) => ({ priorityId, cost, status })),
        [{ priorityId: theirs.id, cost: 1, status: 'applied' }],
      );
      assert.ok(!answer.text.includes(other.id), "not the other user's id");
      assert.ok(!answer.text.includes('Bartholomew'));
      // The title of the priority voted on is its author's: the section names it by id only. (The
      // social section's activity descriptions quote it: "Endorsed ...", the user's own act.)
      assert.ok(!JSON.stringify(section).includes(theirs.title), "not the other user's text");
    });

    test('account stats count the priorities created and the votes held', async () => {
      const counter = await signInCitizen(stack, 'Count', 'Me');
      const stats = async () => (await counter.client.get<TAccountStats>('/api/account/stats')).body;
      assert.deepEqual({ p: (await stats()).prioritiesCount, v: (await stats()).votesCount }, { p: 0, v: 0 });
      const a = await createPriority(counter.client);
      const b = await createPriority(counter.client);
      await vote(counter.client, a.id, 'endorse');
      await vote(counter.client, b.id, 'oppose');
      const after = await stats();
      assert.equal(after.prioritiesCount, 2);
      assert.equal(after.votesCount, 2);
    });

    test('erasure: votes go with their tallies, authored priorities stay detached, the tombstone holds', async () => {
      const leaving = await signInCitizen(stack, 'Leaving', 'Citizen');
      const staying = await signInCitizen(stack, 'Staying', 'Citizen');
      const readStats = async () => (await staying.client.get<TStats>('/api/stats')).body;
      const citizensBefore = (await readStats()).activeCitizens;

      const authored = await createPriority(leaving.client, { title: 'A priority that outlives its author' });
      const endorsed = await createPriority(staying.client, { title: 'Endorsed by the leaving citizen' });
      const opposed = await createPriority(staying.client, { title: 'Opposed by the leaving citizen' });
      await vote(leaving.client, endorsed.id, 'endorse');
      await vote(leaving.client, opposed.id, 'endorse');
      await vote(leaving.client, opposed.id, 'oppose');
      await vote(staying.client, endorsed.id, 'endorse');
      await vote(staying.client, authored.id, 'endorse');
      // A paid promotion stays with its boost, detached; one still unsettled goes with the ledger account.
      setSetting([stack.platforms.priorities!], 'priority_promotion_cost', '1');
      await pollUntil(
        () => balanceOf(leaving),
        (balance) => balance >= 1,
      );
      try {
        assert.equal((await leaving.client.post(`/api/priorities/${endorsed.id}/promote`)).status, 200);
      } finally {
        setSetting([stack.platforms.priorities!], 'priority_promotion_cost', '50');
      }
      await tables.query(
        `INSERT INTO priorities.promotions (id, priority_id, user_id, idempotency_key, cost, status, created_at)
         VALUES (gen_random_uuid(), $1::uuid, $2::uuid, 'unsettled', 1, 'pending', now())`,
        [endorsed.id, leaving.id],
      );

      const deleted = await deleteAccount(leaving);
      assert.equal(deleted.status, 200, deleted.text);

      const find = (list: TPriority[], id: string) => list.find((p) => p.id === id)!;
      const list = await pollUntil(
        () => listPriorities(staying.client, '?limit=1000'),
        (r) => find(r.body, authored.id)?.author.id === null,
      );
      assert.deepEqual(find(list.body, authored.id).author, { id: null, firstName: 'Deleted', lastName: 'user' });
      assert.equal(find(list.body, authored.id).endorsements, 1, "others' votes on it stay");
      assert.deepEqual([find(list.body, endorsed.id).endorsements, find(list.body, endorsed.id).oppositions], [1, 0]);
      assert.deepEqual([find(list.body, opposed.id).endorsements, find(list.body, opposed.id).oppositions], [0, 0]);
      // The tallies still equal the votes table, and nothing of the user is left.
      const [tally] = await tables.query<{ off: number }>(
        `SELECT count(*)::int AS off FROM priorities.priorities p
         WHERE p.endorsements <> (SELECT count(*) FROM priorities.votes v WHERE v.priority_id = p.id AND v.vote_type = 'endorse')
            OR p.oppositions <> (SELECT count(*) FROM priorities.votes v WHERE v.priority_id = p.id AND v.vote_type = 'oppose')`,
      );
      assert.equal(tally!.off, 0);
      const promotions = await tables.query<{ user_id: string | null; status: string }>(
        'SELECT user_id, status FROM priorities.promotions WHERE priority_id = $1::uuid',
        [endorsed.id],
      );
      assert.deepEqual(promotions, [{ user_id: null, status: 'applied' }]);
      const [boosted] = await tables.query<{ promotion_boost: number }>('SELECT promotion_boost FROM priorities.priorities WHERE id = $1::uuid', [endorsed.id]);
      assert.equal(boosted!.promotion_boost, 16, 'the boost it paid for stays');
      for (const table of ['votes', 'vote_changes', 'daily_priority_counts', 'members', 'promotions']) {
        const rows = await tables.query(`SELECT 1 FROM priorities.${table} WHERE user_id = $1::uuid`, [leaving.id]);
        assert.equal(rows.length, 0, table);
      }
      assert.equal((await tables.query('SELECT 1 FROM priorities.priorities WHERE author_id = $1::uuid', [leaving.id])).length, 0);
      assert.equal((await tables.query('SELECT 1 FROM priorities.deleted_users WHERE user_id = $1::uuid', [leaving.id])).length, 1);
      await pollUntil(readStats, (s) => s.activeCitizens === citizensBefore - 1);

      // A session that raced the deletion records nothing.
      const racer = await sessionFor(stack, leaving.id);
      const raceVote = await vote(racer, endorsed.id, 'endorse');
      assert.equal(raceVote.status, 401, raceVote.text);
      assert.equal((await racer.post('/api/priorities', priorityBody())).status, 401);
      // A late profile event brings no name back; the deletion delivered again changes nothing.
      const late = await producer.publish(accountEvents.ProfileUpdated, profileUpdated(leaving.id, { firstName: 'Ghost', lastName: 'Citizen' }));
      const redelivered = await producer.publish(accountEvents.UserDeleted, { userId: leaving.id, deletedAt: new Date().toISOString() });
      await pollUntil(
        () => tables.query('SELECT 1 FROM priorities.processed_events WHERE event_id IN ($1::uuid, $2::uuid)', [late.id, redelivered.id]),
        (rows) => rows.length === 2,
      );
      assert.equal((await readStats()).activeCitizens, citizensBefore - 1);
      assert.equal((await tables.query('SELECT 1 FROM priorities.members WHERE user_id = $1::uuid', [leaving.id])).length, 0);
      const again = (await listPriorities(staying.client, '?limit=1000')).body;
      assert.deepEqual([find(again, endorsed.id).endorsements, find(again, opposed.id).oppositions], [1, 0]);
      assert.equal(find(again, authored.id).author.firstName, 'Deleted');
    });
  });
}
