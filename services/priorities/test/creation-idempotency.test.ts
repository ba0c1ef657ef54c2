// Issue 14 item 6 (SECURITY 17): POST /api/priorities with an Idempotency-Key, through the gateway on
// both run profiles. With priority_creation_cost > 0 a retried request debits once, creates one
// priority and answers the same status and body; the key with another body is a 400; a request
// arriving while the first is under way is at most a 409. Free creations honour the key too (a
// repetition answers the first answer even once the daily limit is reached). A key whose creation was
// refused stays free. After every test every ledger balance equals the sum of its entries (SECURITY 16).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterEach, before, describe, test } from 'node:test';
import { dailyLimitMessage, IDEMPOTENCY_KEY_HEADER, PRIORITY_MESSAGES as M, type TPriority } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { openPrioritiesTables, priorityBody, setSetting, TEST_ENV, type Citizen } from './support/priorities-helpers.ts';
import { accountRow, assertBalance, assertBalancesMatchEntries, openLedgerTables, signInPayer } from './support/promotion-helpers.ts';

const messageOf = (answer: { body: unknown }) => (answer.body as { message?: string }).message;
const createWithKey = (citizen: Citizen, key: string, body: ReturnType<typeof priorityBody>) =>
  citizen.client.post<TPriority>('/api/priorities', body, { headers: { [IDEMPOTENCY_KEY_HEADER]: key } });

for (const { profile, skip } of await profilePlan()) {
  describe(`priority creation with an Idempotency-Key (${profile})`, { skip }, () => {
    let tables: SqlDriver;
    let ledger: SqlDriver;
    const setPriorities = (key: 'priority_creation_cost' | 'max_priorities_per_user_per_day', value: number) =>
      setSetting([stack.platforms.priorities!], key, String(value));
    const prioritiesOf = (userId: string) => tables.query<{ id: string }>('SELECT id FROM priorities.priorities WHERE author_id = $1::uuid', [userId]);

    const stack = useStack(profile, { services: ['auth', 'account', 'ledger', 'priorities'], env: TEST_ENV });
    before(async () => {
      setPriorities('max_priorities_per_user_per_day', 1000);
      tables = await openPrioritiesTables(stack);
      ledger = await openLedgerTables(stack);
    });
    afterEach(async () => {
      setPriorities('priority_creation_cost', 0);
      setPriorities('max_priorities_per_user_per_day', 1000);
      if (ledger) await assertBalancesMatchEntries(ledger);
    });

    test('paid: a retry with the same key debits once, creates one priority and answers the same; another body is a 400', async () => {
      const author = await signInPayer(stack, 'Retrying', 20);
      setPriorities('priority_creation_cost', 8);
      const key = randomUUID();
      const body = priorityBody({ title: 'Paid for once, asked for twice' });

      const first = await createWithKey(author, key, body);
      assert.equal(first.status, 200, first.text);
      const retry = await createWithKey(author, key, body);
      assert.equal(retry.status, 200, retry.text);
      assert.deepEqual(retry.body, first.body, 'the same answer');

      // Concurrent repetitions: each answers the first answer or, while one is under way, 409.
      const burst = await Promise.all(Array.from({ length: 5 }, () => createWithKey(author, key, body)));
      for (const answer of burst) {
        if (answer.status === 200) assert.deepEqual(answer.body, first.body);
        else assert.equal(answer.status, 409, answer.text);
      }

      const otherBody = await createWithKey(author, key, priorityBody({ title: 'Another priority, same key' }));
      assert.equal(otherBody.status, 400, otherBody.text);
      assert.equal(messageOf(otherBody), M.creationKeyReused);

      assert.deepEqual(
        (await prioritiesOf(author.id)).map((p) => p.id),
        [first.body.id],
        'one priority',
      );
      await assertBalance(author, 17); // 20 - 8 once, + 5 for the priority
      assert.deepEqual(await accountRow(ledger, author.id), { balance: 17, version: 3, entries: 3, total: 17 });
    });

    test('parallel first requests with one key create and charge once', async () => {
      const author = await signInPayer(stack, 'Racing', 30);
      setPriorities('priority_creation_cost', 8);
      const key = randomUUID();
      const body = priorityBody();
      const answers = await Promise.all(Array.from({ length: 6 }, () => createWithKey(author, key, body)));
      const created = answers.filter((a) => a.status === 200);
      assert.ok(created.length >= 1, answers.map((a) => a.text).join('\n'));
      for (const answer of answers) assert.ok(answer.status === 200 || answer.status === 409, answer.text);
      for (const answer of created) assert.deepEqual(answer.body, created[0]!.body);
      for (const answer of answers.filter((a) => a.status === 409)) assert.equal(messageOf(answer), M.creationInProgress);
      assert.equal((await prioritiesOf(author.id)).length, 1);
      await assertBalance(author, 27); // 30 - 8 + 5
    });

    test('free: the key still gives one priority, and its repetition answers 200 after the daily limit is reached', async () => {
      const author = await signInPayer(stack, 'Free', 10);
      setPriorities('max_priorities_per_user_per_day', 1);
      const key = randomUUID();
      const body = priorityBody();
      const first = await createWithKey(author, key, body);
      assert.equal(first.status, 200, first.text);
      const retry = await createWithKey(author, key, body);
      assert.equal(retry.status, 200, retry.text);
      assert.deepEqual(retry.body, first.body);
      const another = await createWithKey(author, randomUUID(), priorityBody());
      assert.equal(another.status, 429, another.text);
      assert.equal(messageOf(another), dailyLimitMessage(1));
      assert.deepEqual(
        (await prioritiesOf(author.id)).map((p) => p.id),
        [first.body.id],
      );
      await assertBalance(author, 15); // free, + 5
    });

    test('a refused creation leaves its key free; a malformed key is a 400 with a message', async () => {
      const author = await signInPayer(stack, 'Refused', 10);
      setPriorities('priority_creation_cost', 8);
      const key = randomUUID();
      const unknownIssue = await createWithKey(author, key, priorityBody({ issueId: 9999 }));
      assert.equal(unknownIssue.status, 400, unknownIssue.text);
      assert.equal(messageOf(unknownIssue), M.issueNotFound);
      const created = await createWithKey(author, key, priorityBody());
      assert.equal(created.status, 200, created.text);

      const malformed = await createWithKey(author, 'has spaces in it', priorityBody());
      assert.equal(malformed.status, 400, malformed.text);
      assert.equal(messageOf(malformed), M.idempotencyKey);
      assert.equal((await prioritiesOf(author.id)).length, 1);
      await assertBalance(author, 7); // 10 - 8 + 5
    });
  });
}
