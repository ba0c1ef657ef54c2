// Bounded earning and claw-back (SECURITY 30, issue 35; docs/ledger.md), through the gateway on both
// run profiles: 25 briefing documents created at once earn only briefing_rewards_per_day rewards, and
// max_briefing_docs_per_user_per_day refuses the 11th of a day with 429; an administrator's deletion
// of a document and removal of a priority reverse their rewards, once, whether the deletions come at
// once or the events are replayed (even after the inbox forgot them), and the database refuses a
// second reversal; what a spent reward cannot give back is owed and paid by the next credits, and
// an erasure takes the reversals with the account.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterEach, before, describe, test } from 'node:test';
import {
  accountEvents,
  BRIEFING_DOCUMENT_REWARD,
  briefingEvents,
  dailyBriefingLimitMessage,
  LEDGER_DESCRIPTIONS,
  prioritiesEvents,
  type EventDefinition,
} from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import type { ApiClient } from '../../../test/support/api-client.ts';
import { probeEvents, type EventProbe } from '../../../test/support/event-probe.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { startTestProducer } from '../../../test/support/test-producer.ts';
import { documentBody, openBriefingTables, postDocument, sessionFor } from '../../briefing/test/support/briefing-helpers.ts';
import {
  accountRow,
  assertBalancesMatchEntries,
  type Citizen,
  dailyLogin,
  openLedgerTables,
  pollUntil,
  refusal,
  requestDebit,
  signInCitizen,
  TEST_ENV,
  transactionsOf,
  waitForBalance,
} from './support/ledger-helpers.ts';
import { redeliver } from './support/redeliver-events.ts';

const summary = (list: { description: string; amount: number }[]) => list.map(({ description, amount }) => ({ description, amount }));
const REVERSED = LEDGER_DESCRIPTIONS.reward_reversed;

for (const { profile, skip } of await profilePlan()) {
  describe(`earning bounds and claw-back (${profile})`, { skip }, () => {
    let tables: SqlDriver;
    let briefingTables: SqlDriver;
    let admin: ApiClient;
    const stack = useStack(profile, { services: ['auth', 'ledger', 'priorities', 'briefing'], env: TEST_ENV });
    const setBriefing = (key: 'max_briefing_docs_per_user_per_day', value: string) => stack.platforms.briefing!.settings.set(key, value);

    before(async () => {
      stack.platforms.priorities!.settings.set('max_priorities_per_user_per_day', '1000');
      tables = await openLedgerTables(stack);
      briefingTables = await openBriefingTables(stack);
      admin = await sessionFor(stack, randomUUID(), { isAdmin: true });
    });
    afterEach(async () => {
      if (tables) await assertBalancesMatchEntries(tables);
    });

    const createRewardedDocument = async (citizen: Citizen) => {
      const answer = await postDocument(citizen.client, documentBody());
      assert.equal(answer.status, 200, answer.text);
      return answer.body;
    };
    const createDocument = async (citizen: Citizen) => (await createRewardedDocument(citizen)).id;
    const createPriority = async (citizen: Citizen) => {
      const answer = await citizen.client.post<{ id: string }>('/api/priorities', {
        title: `Claw-back priority ${randomUUID()}`,
        description: 'A description long enough to pass the fifty character minimum of spec 5.',
      });
      assert.equal(answer.status, 200, answer.text);
      return answer.body.id;
    };
    /** Waits until the ledger has handled every civic.briefing.document.created of the author. */
    const waitForDocumentEvents = async (authorId: string, count: number) => {
      const ids = await pollUntil(
        async () =>
          (
            await briefingTables.query<{ id: string }>(`SELECT id FROM briefing.outbox WHERE subject = $1 AND payload->>'authorId' = $2`, [
              briefingEvents.DocumentCreated.subject,
              authorId,
            ])
          ).map((r) => r.id),
        (rows) => rows.length === count,
      );
      await pollUntil(
        () => tables.query('SELECT 1 FROM ledger.processed_events WHERE event_id = ANY($1::uuid[])', [ids]),
        (rows) => rows.length === count,
      );
    };
    const reversalsOf = (userId: string) =>
      tables.query<{ reward: number; taken: number; owed: number }>(
        'SELECT reward, taken, owed FROM ledger.reward_reversals WHERE user_id = $1::uuid ORDER BY reversed_at',
        [userId],
      );
    const owedBy = async (userId: string) =>
      (await tables.query<{ owed: number }>('SELECT owed FROM ledger.accounts WHERE user_id = $1::uuid', [userId]))[0]!.owed;

    test('25 documents created at once earn only briefing_rewards_per_day (5) rewards of +2', async () => {
      setBriefing('max_briefing_docs_per_user_per_day', '25');
      try {
        const writer = await signInCitizen(stack, 'prolific');
        const created = await Promise.all(Array.from({ length: 25 }, () => createRewardedDocument(writer)));
        const ids = created.map((d) => d.id);
        assert.equal(new Set(ids).size, 25);
        // Each answer tells its author whether it earns: five do, twenty do not.
        assert.deepEqual(created.map((d) => d.politicalCapitalEarned).sort(), [
          ...Array<number>(20).fill(0),
          ...Array<number>(5).fill(BRIEFING_DOCUMENT_REWARD),
        ]);
        await waitForDocumentEvents(writer.id, 25);
        await waitForBalance(writer, 10 + 5 * BRIEFING_DOCUMENT_REWARD);
        const rewards = (await transactionsOf(writer)).filter((t) => t.description === LEDGER_DESCRIPTIONS.briefing_created);
        assert.equal(rewards.length, 5);
        assert.ok(rewards.every((t) => t.amount === BRIEFING_DOCUMENT_REWARD));
        // Each reward took its own numbered slot of the day.
        const keys = await tables.query<{ k: string }>(
          `SELECT idempotency_key AS k FROM ledger.entries WHERE user_id = $1::uuid AND kind = 'briefing_created'`,
          [writer.id],
        );
        assert.deepEqual(keys.map((r) => r.k.split('#')[1]).sort(), ['1', '2', '3', '4', '5']);
      } finally {
        setBriefing('max_briefing_docs_per_user_per_day', '10');
      }
    });

    test('max_briefing_docs_per_user_per_day (10): of 11 documents at once, one is refused 429 with the limit', async () => {
      const writer = await signInCitizen(stack, 'limited');
      const answers = await Promise.all(Array.from({ length: 11 }, () => postDocument(writer.client, documentBody())));
      assert.deepEqual(answers.map((a) => a.status).sort(), [...Array(10).fill(200), 429]);
      const refused = answers.find((a) => a.status === 429)!;
      assert.equal((refused.body as { message?: string }).message, dailyBriefingLimitMessage(10));
      assert.equal(dailyBriefingLimitMessage(10), 'You can create at most 10 briefing documents per day. Please try again tomorrow.');
      const again = await postDocument(writer.client, documentBody());
      assert.equal(again.status, 429, again.text);
    });

    test('an administrator deleting a document and removing a priority reverses both rewards once, replays included', async () => {
      const probes = [
        (await probeEvents(stack.platforms.ledger!, briefingEvents.DocumentDeleted, 'probe_document_deleted')) as EventProbe<EventDefinition>,
        (await probeEvents(stack.platforms.ledger!, prioritiesEvents.PriorityRemoved, 'probe_priority_removed')) as EventProbe<EventDefinition>,
      ];
      try {
        const author = await signInCitizen(stack, 'moderated');
        const documentId = await createDocument(author);
        const priorityId = await createPriority(author);
        await waitForBalance(author, 10 + 2 + 5);

        // Ten concurrent deletions of each: one event each, one reversal each.
        await Promise.all([
          ...Array.from({ length: 10 }, () => admin.request('DELETE', `/api/admin/briefing-docs/${documentId}`)),
          ...Array.from({ length: 10 }, () => admin.request('DELETE', `/api/admin/priorities/${priorityId}`)),
        ]);
        await waitForBalance(author, 10);
        const list = summary(await transactionsOf(author));
        assert.deepEqual(
          list.filter((t) => t.amount < 0).sort((a, b) => a.amount - b.amount),
          [
            { description: 'Reward reversed: priority removed', amount: -5 },
            { description: 'Reward reversed: document removed', amount: -2 },
          ],
        );
        assert.deepEqual(await reversalsOf(author.id).then((rows) => rows.map((r) => r.reward).sort()), [2, 5]);

        // Replayed three times at once after the inbox forgot them: the reversals' key stops each copy.
        const mine = (e: { payload: unknown }) => (e.payload as { authorId?: string }).authorId === author.id;
        for (const probe of probes) await probe.waitFor((p) => mine({ payload: p }));
        const envelopes = probes.flatMap((p) => p.received.filter(mine));
        assert.equal(envelopes.length, 2);
        const before = await accountRow(tables, author.id);
        const forgotten = await tables.query('DELETE FROM ledger.processed_events WHERE event_id = ANY($1::uuid[]) RETURNING 1', [envelopes.map((e) => e.id)]);
        assert.equal(forgotten.length, 2);
        await Promise.all(
          [1, 2, 3].map((round) =>
            redeliver(stack, envelopes, round, () =>
              pollUntil(
                () => tables.query('SELECT 1 FROM ledger.processed_events WHERE event_id = ANY($1::uuid[])', [envelopes.map((e) => e.id)]),
                (rows) => rows.length === 2,
              ),
            ),
          ),
        );
        assert.deepEqual(await accountRow(tables, author.id), before);
        assert.equal((await reversalsOf(author.id)).length, 2);

        // The database itself refuses a second reversal of a reward, with or without an entry.
        const [reward] = await tables.query<{ id: string }>(`SELECT id FROM ledger.entries WHERE user_id = $1::uuid AND kind = 'briefing_created'`, [
          author.id,
        ]);
        assert.match(
          await refusal(
            tables,
            `INSERT INTO ledger.reward_reversals (rewarded_entry_id, user_id, reward, taken, owed, event_id, reversed_at)
             VALUES ($1::uuid, $2::uuid, 2, 2, 0, $3::uuid, now())`,
            [reward!.id, author.id, randomUUID()],
          ),
          /reward_reversals_pkey/,
        );
        assert.match(
          await refusal(
            tables,
            `INSERT INTO ledger.entries (id, user_id, amount, kind, description, version, balance_after, idempotency_key, created_at)
             VALUES ($1::uuid, $2::uuid, -2, 'reward_reversed', 'again', 99, 8, $3, now())`,
            [randomUUID(), author.id, reward!.id],
          ),
          /entries_user_id_kind_idempotency_key_key/,
        );
        assert.match(await refusal(tables, 'UPDATE ledger.accounts SET owed = -1 WHERE user_id = $1::uuid', [author.id]), /accounts_owed_check/);
      } finally {
        for (const probe of probes) await probe.stop();
      }
    });

    test('a spent reward is owed: the balance stays at 0 and the next credits pay the debt first', async () => {
      const author = await signInCitizen(stack, 'spender');
      const documentId = await createDocument(author);
      await waitForBalance(author, 12);
      assert.equal((await requestDebit(stack, { userId: author.id, amount: 11 })).ok, true);
      await waitForBalance(author, 1);

      // The reversal takes the 1 PC left and owes the other 1.
      assert.equal((await admin.request('DELETE', `/api/admin/briefing-docs/${documentId}`)).status, 200);
      await pollUntil(
        () => reversalsOf(author.id),
        (rows) => rows.length === 1,
      );
      await waitForBalance(author, 0);
      assert.deepEqual(await reversalsOf(author.id), [{ reward: 2, taken: 1, owed: 1 }]);
      assert.equal(await owedBy(author.id), 1);
      assert.deepEqual(summary(await transactionsOf(author, '?limit=1')), [{ description: REVERSED.briefing_created, amount: -1 }]);

      // The next credit (+5 for a priority) pays the 1 owed first.
      const priorityId = await createPriority(author);
      await waitForBalance(author, 4);
      assert.equal(await owedBy(author.id), 0);
      assert.deepEqual(summary(await transactionsOf(author, '?limit=2')), [
        { description: LEDGER_DESCRIPTIONS.owed_repaid, amount: -1 },
        { description: LEDGER_DESCRIPTIONS.priority_created, amount: 5 },
      ]);

      // With nothing left to take, the whole reward is owed (no entry of 0), and the daily bonus pays part of it.
      assert.equal((await requestDebit(stack, { userId: author.id, amount: 4 })).ok, true);
      await waitForBalance(author, 0);
      assert.equal((await admin.request('DELETE', `/api/admin/priorities/${priorityId}`)).status, 200);
      await pollUntil(
        () => reversalsOf(author.id),
        (rows) => rows.length === 2,
      );
      assert.deepEqual((await reversalsOf(author.id))[1], { reward: 5, taken: 0, owed: 5 });
      assert.equal(await owedBy(author.id), 5);
      const bonus = await dailyLogin(author);
      assert.equal(bonus.status, 200, bonus.text);
      assert.deepEqual(bonus.body, { credited: true, amount: 1, balance: 0 });
      assert.equal(await owedBy(author.id), 4);
      assert.deepEqual(summary(await transactionsOf(author, '?limit=2')), [
        { description: LEDGER_DESCRIPTIONS.owed_repaid, amount: -1 },
        { description: LEDGER_DESCRIPTIONS.daily_login, amount: 1 },
      ]);
      const row = await accountRow(tables, author.id);
      assert.equal(row!.balance, 0);
      assert.equal(row!.total, 0);

      // Erasure takes the reversals with the entries they name (as the account service announces it).
      const producer = await startTestProducer(stack);
      try {
        await producer.publish(accountEvents.UserDeleted, { userId: author.id, deletedAt: new Date().toISOString() });
        await pollUntil(
          () => accountRow(tables, author.id),
          (gone) => gone === null,
        );
        assert.deepEqual(await reversalsOf(author.id), []);
      } finally {
        await producer.stop();
      }
    });
  });
}
