// priority_creation_cost (spec 9; issue 5) through the gateway on both run profiles: free by default;
// above 0 the creation is a purchase (docs/ledger.md's saga): charged once, refused with the ledger's
// "Insufficient" message when the balance is short, refused before any charge for what does not
// depend on the balance (the daily limit, an unknown issue, a ban), refunded when the creation fails
// after the debit, and (distributed) nothing charged while the ledger is down. After every test every
// ledger balance equals the sum of its entries (SECURITY 16).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterEach, before, describe, test } from 'node:test';
import { dailyLimitMessage, insufficientMessage, PRIORITY_MESSAGES as M, type TCreatedPriority } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { SteppingClock } from '../../../test/support/stepping-clock.ts';
import { openPrioritiesTables, pollUntil, priorityBody, sessionFor, setSetting, TEST_ENV, type Citizen } from './support/priorities-helpers.ts';
import {
  accountRow,
  assertBalance,
  assertBalancesMatchEntries,
  openLedgerTables,
  requestDebit,
  signInPayer,
  transactionsOf,
  waitForBalance,
} from './support/promotion-helpers.ts';

const messageOf = (answer: { body: unknown }) => (answer.body as { message?: string }).message;
const create = (citizen: Citizen, overrides: Parameters<typeof priorityBody>[0] = {}) =>
  citizen.client.post<TCreatedPriority>('/api/priorities', priorityBody(overrides));

for (const { profile, skip } of await profilePlan()) {
  describe(`priority creation cost (${profile})`, { skip }, () => {
    let tables: SqlDriver;
    let ledger: SqlDriver;
    const clock = new SteppingClock();
    const setCost = (cost: number) => setSetting([stack.platforms.priorities!], 'priority_creation_cost', String(cost));
    const chargesOf = (userId: string) =>
      tables.query<{ id: string; status: string; cost: number }>(
        'SELECT id, status, cost FROM priorities.creation_charges WHERE user_id = $1::uuid ORDER BY created_at',
        [userId],
      );
    const prioritiesOf = (userId: string) => tables.query<{ id: string }>('SELECT id FROM priorities.priorities WHERE author_id = $1::uuid', [userId]);

    const stack = useStack(profile, {
      services: ['auth', 'account', 'ledger', 'priorities'],
      clock,
      env: { ...TEST_ENV, PRIORITIES_PURCHASE_SWEEP_MS: '200', PRIORITIES_LEDGER_TIMEOUT_MS: '20000' },
    });
    before(async () => {
      setSetting([stack.platforms.priorities!], 'max_priorities_per_user_per_day', '1000');
      tables = await openPrioritiesTables(stack);
      ledger = await openLedgerTables(stack);
    });
    afterEach(async () => {
      setCost(0);
      setSetting([stack.platforms.priorities!], 'max_priorities_per_user_per_day', '1000');
      if (ledger) await assertBalancesMatchEntries(ledger);
    });

    test('0 (the default) is free: only the +5 reward moves the balance', async () => {
      const author = await signInPayer(stack, 'Free', 10);
      const created = await create(author);
      assert.equal(created.status, 200);
      assert.equal(created.body.balance, null, 'nothing debited: no balance to give');
      await assertBalance(author, 15);
      assert.deepEqual(await chargesOf(author.id), []);
    });

    test('above 0 it is charged once, the reward follows, and a short balance is refused with "Insufficient"', async () => {
      const author = await signInPayer(stack, 'Paying', 10);
      setCost(8);
      const created = await create(author, { title: 'A priority that cost eight' });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.body.balance, 2, 'the answer gives the balance right after the debit (10 - 8)');
      await assertBalance(author, 7); // 10 - 8 + 5
      const charges = await chargesOf(author.id);
      assert.deepEqual(
        charges.map((c) => [c.id, c.status, Number(c.cost)]),
        [[created.body.id, 'applied', 8]],
      );
      assert.deepEqual(
        (await transactionsOf(author)).map((t) => [t.description, t.amount]),
        [
          ['Created a priority', 5],
          ['Priority creation cost', -8],
          ['Initial political capital', 10],
        ],
      );

      const refused = await create(author, { title: 'One the balance cannot pay for' });
      assert.equal(refused.status, 409, refused.text);
      assert.equal(messageOf(refused), insufficientMessage(8, 7));
      assert.match(messageOf(refused)!, /Insufficient/);
      assert.deepEqual(
        (await prioritiesOf(author.id)).map((p) => p.id),
        [created.body.id],
        'nothing was created',
      );
      assert.equal((await chargesOf(author.id)).length, 1, 'the refused charge left nothing');
      assert.deepEqual(await accountRow(ledger, author.id), { balance: 7, version: 3, entries: 3, total: 7 });
    });

    test('refusals that do not depend on the balance come before any charge; the daily limit still holds', async () => {
      const author = await signInPayer(stack, 'Limited', 50);
      setCost(10);
      setSetting([stack.platforms.priorities!], 'max_priorities_per_user_per_day', '1');
      assert.equal((await create(author)).status, 200);
      const limited = await create(author);
      assert.equal(limited.status, 429, limited.text);
      assert.equal(messageOf(limited), dailyLimitMessage(1));
      setSetting([stack.platforms.priorities!], 'max_priorities_per_user_per_day', '1000');
      const unknownIssue = await create(author, { issueId: 9999 });
      assert.equal(unknownIssue.status, 400, unknownIssue.text);
      assert.equal(messageOf(unknownIssue), M.issueNotFound);
      const banned = await sessionFor(stack, author.id, { isBanned: true });
      assert.equal((await banned.post('/api/priorities', priorityBody())).status, 403);
      assert.equal((await stack.client().post('/api/priorities', priorityBody())).status, 401);
      // One charge, for the one priority created; the +5 for it arrives by event.
      await assertBalance(author, 45);
      assert.deepEqual(await accountRow(ledger, author.id), { balance: 45, version: 3, entries: 3, total: 45 });
      assert.equal((await chargesOf(author.id)).length, 1);
    });

    test('a creation that fails after the debit is refunded; a charge left behind is swept', async () => {
      const author = await signInPayer(stack, 'Refunded', 30);
      setCost(10);
      // A real failure in the creating transaction, after the debit: the database refuses the row.
      const title = `Refused by the database ${randomUUID()}`;
      const trigger = `fail_creation_${randomUUID().replaceAll('-', '')}`;
      await tables.exec(`
        CREATE FUNCTION priorities.${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.title = '${title}' THEN RAISE EXCEPTION 'injected failure'; END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER ${trigger} BEFORE INSERT ON priorities.priorities FOR EACH ROW EXECUTE FUNCTION priorities.${trigger}();`);
      try {
        const answer = await create(author, { title });
        assert.equal(answer.status, 503, answer.text);
        assert.equal(messageOf(answer), M.purchaseNotCompleted);
      } finally {
        await tables.exec(`DROP TRIGGER ${trigger} ON priorities.priorities; DROP FUNCTION priorities.${trigger}();`);
      }
      assert.deepEqual(await accountRow(ledger, author.id), { balance: 30, version: 3, entries: 3, total: 30 }, 'debited, then refunded');
      assert.deepEqual(
        (await chargesOf(author.id)).map((c) => c.status),
        ['refunded'],
      );
      assert.deepEqual(await prioritiesOf(author.id), []);
      // The daily count the failed creation took was rolled back with it.
      const [count] = await tables.query<{ n: number }>(
        'SELECT COALESCE(sum(created), 0)::int AS n FROM priorities.daily_priority_counts WHERE user_id = $1::uuid',
        [author.id],
      );
      assert.equal(count!.n, 0);

      // A charge whose request died after its debit: the sweeper gives it back once it is a minute old.
      const chargeId = randomUUID();
      await tables.query(
        `INSERT INTO priorities.creation_charges (id, user_id, cost, status, created_at) VALUES ($1::uuid, $2::uuid, 10, 'pending', $3::timestamptz)`,
        [chargeId, author.id, clock.now().toISOString()],
      );
      const paid = await requestDebit(stack, {
        userId: author.id,
        amount: 10,
        idempotencyKey: `create-priority:${chargeId}`,
        reason: 'create_priority',
        reference: chargeId,
      });
      assert.equal(paid.ok, true);
      clock.skip(2 * 60_000);
      await pollUntil(
        () => chargesOf(author.id),
        (rows) => rows.every((r) => r.status === 'refunded'),
      );
      assert.equal((await accountRow(ledger, author.id))!.balance, 30);
      await assertBalance(author, 30);
    });

    if (profile === 'distributed') {
      test('the ledger unavailable: 503 and no priority; after its restart the balance is intact', async () => {
        const author = await signInPayer(stack, 'Outage', 20);
        setCost(5);
        await stack.stopService('ledger');
        try {
          const answer = await create(author);
          assert.equal(answer.status, 503, answer.text);
          assert.equal(messageOf(answer), 'The ledger service could not answer right now. Please try again.');
          assert.deepEqual(await prioritiesOf(author.id), []);
        } finally {
          await stack.startService('ledger');
          ledger = await openLedgerTables(stack);
        }
        clock.skip(2 * 60_000);
        await pollUntil(
          () => chargesOf(author.id),
          (rows) => rows.length === 1 && rows[0]!.status === 'refunded',
        );
        assert.deepEqual(await accountRow(ledger, author.id), { balance: 20, version: 1, entries: 1, total: 20 });
        assert.equal((await create(author)).status, 200, 'creations are charged again');
        // 20 - 5 + 5. The balance passes through 15 (the debit, then the reward's event), so auth's copy
        // may read 20 before the debit reached it: wait for both entries in the ledger first.
        await pollUntil(
          () => accountRow(ledger, author.id),
          (row) => row?.entries === 3,
        );
        assert.deepEqual(await accountRow(ledger, author.id), { balance: 20, version: 3, entries: 3, total: 20 });
        await waitForBalance(author, 20);
      });
    }
  });
}
