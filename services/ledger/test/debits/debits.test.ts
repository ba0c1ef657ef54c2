// Spending political capital, from the ledger service alone (SECURITY 15-17; docs/ledger.md "Debit
// and refund"): rpc.ledger.debit and rpc.ledger.refund asked on the service's request bus, as the
// priorities service does for a promotion. Accounts open on auth's registration event and earn on
// priorities' creation events; the balance others see is the ledger's newest balance event. After
// every test, every balance equals the sum of its entries.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { LEDGER_MESSAGES, type TDebitReply } from '@civic/contracts';
import { accountRow, identityOf, requestDebit, requestRefund, transactionsOf } from '../support/ledger-helpers.ts';
import { createPriorities, useLedgerService, publishedBalance, registerCitizen, waitForBalance } from '../support/ledger-service.ts';

const summary = (list: { description: string; amount: number }[]) => list.map(({ description, amount }) => ({ description, amount }));

describe('ledger debits and refunds', () => {
  const { service, tables } = useLedgerService();

  test('100 concurrent debits of 50 on a balance of 120: exactly 2 succeed and 20 is left (SECURITY 15)', async () => {
    const payer = await registerCitizen(service, 'payer');
    await createPriorities(service, payer, 22); // 10 + 22 * 5 = 120
    await waitForBalance(service, payer, 120);

    const replies = await Promise.all(Array.from({ length: 100 }, () => requestDebit(service, { userId: payer.id, amount: 50 })));
    const paid = replies.filter((r): r is Extract<TDebitReply, { ok: true }> => r.ok);
    const refused = replies.filter((r): r is Extract<TDebitReply, { ok: false }> => !r.ok);
    assert.equal(paid.length, 2);
    assert.deepEqual(
      paid.map((r) => r.balance).sort((a, b) => a - b),
      [20, 70],
    );
    assert.equal(refused.length, 98);
    for (const r of refused) {
      assert.equal(r.reason, 'insufficient');
      assert.match(r.message, /Insufficient/);
      assert.ok(r.balance === 20 || r.balance === 70);
    }

    assert.deepEqual(await accountRow(tables, payer.id), { balance: 20, version: 25, entries: 25, total: 20 });
    await waitForBalance(service, payer, 20);
    const [first, second] = await transactionsOf(payer, '?limit=2');
    assert.deepEqual(summary([first!, second!]), [
      { description: 'Promoted a priority', amount: -50 },
      { description: 'Promoted a priority', amount: -50 },
    ]);
  });

  test('the same idempotency key debits once and answers the same (SECURITY 17), also when repeated at once', async () => {
    const buyer = await registerCitizen(service, 'buyer');
    await createPriorities(service, buyer, 10); // 60
    await waitForBalance(service, buyer, 60);
    const key = `promotion:${randomUUID()}`;
    const reference = randomUUID();

    const first = await requestDebit(service, { userId: buyer.id, amount: 50, idempotencyKey: key, reference });
    assert.equal(first.ok, true);
    assert.deepEqual(first, { ok: true, entryId: (first as { entryId: string }).entryId, amount: 50, balance: 10 });
    const again = await requestDebit(service, { userId: buyer.id, amount: 50, idempotencyKey: key, reference });
    assert.deepEqual(again, first, 'the same answer, though 10 could not pay for another');

    // Twenty copies of a new key at once (a client retrying in a hurry): one debit.
    await createPriorities(service, buyer, 8); // 10 + 40 = 50
    await waitForBalance(service, buyer, 50);
    const burstKey = `promotion:${randomUUID()}`;
    const burst = await Promise.all(Array.from({ length: 20 }, () => requestDebit(service, { userId: buyer.id, amount: 30, idempotencyKey: burstKey })));
    assert.equal(new Set(burst.map((r) => JSON.stringify(r))).size, 1, 'every copy answers the same');
    assert.deepEqual({ ...burst[0]!, entryId: undefined }, { ok: true, entryId: undefined, amount: 30, balance: 20 });
    await waitForBalance(service, buyer, 20);
    const debits = await tables.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger.entries WHERE user_id = $1::uuid AND kind = 'debit'`, [buyer.id]);
    assert.equal(debits[0]!.n, 2);

    // A key is per user: another user's debit with the same key is their own.
    const other = await registerCitizen(service, 'other-buyer');
    const theirs = await requestDebit(service, { userId: other.id, amount: 5, idempotencyKey: key });
    assert.equal(theirs.ok, true);
    assert.notEqual((theirs as { entryId: string }).entryId, (first as { entryId: string }).entryId);
    await waitForBalance(service, other, 5);
  });

  test('an insufficient balance records nothing and leaves the key free', async () => {
    const saver = await registerCitizen(service, 'saver');
    const key = `promotion:${randomUUID()}`;
    const refused = await requestDebit(service, { userId: saver.id, amount: 50, idempotencyKey: key });
    assert.deepEqual(refused, {
      ok: false,
      reason: 'insufficient',
      message: 'Insufficient political capital: this costs 50 PC and your balance is 10 PC.',
      balance: 10,
    });
    assert.deepEqual(await accountRow(tables, saver.id), { balance: 10, version: 1, entries: 1, total: 10 });
    await createPriorities(service, saver, 8); // 50
    await waitForBalance(service, saver, 50);
    const paid = await requestDebit(service, { userId: saver.id, amount: 50, idempotencyKey: key });
    assert.equal(paid.ok, true);
    assert.equal((paid as { balance: number }).balance, 0);
    // The CHECK allows exactly zero; one more is refused.
    assert.equal((await requestDebit(service, { userId: saver.id, amount: 1 })).ok, false);
    await waitForBalance(service, saver, 0);
  });

  test('a refund gives a debit back once; its key can never charge again', async () => {
    const alice = await registerCitizen(service, 'alice');
    const key = `promotion:${randomUUID()}`;
    const paid = await requestDebit(service, { userId: alice.id, amount: 8, idempotencyKey: key, reason: 'create_priority' });
    assert.equal(paid.ok, true);
    await waitForBalance(service, alice, 2);

    const refunded = await requestRefund(service, alice.id, key);
    assert.equal(refunded.outcome, 'refunded');
    assert.deepEqual({ ...refunded, entryId: undefined }, { outcome: 'refunded', entryId: undefined, amount: 8, balance: 10 });
    assert.deepEqual(await requestRefund(service, alice.id, key), refunded, 'refunding twice: the same answer, nothing more');
    const burst = await Promise.all(Array.from({ length: 10 }, () => requestRefund(service, alice.id, key)));
    for (const r of burst) assert.deepEqual(r, refunded);
    await waitForBalance(service, alice, 10);

    // The refunded key is spent: repeating the debit charges nothing.
    assert.deepEqual(await requestDebit(service, { userId: alice.id, amount: 8, idempotencyKey: key }), {
      ok: false,
      reason: 'cancelled',
      message: LEDGER_MESSAGES.cancelled,
      balance: 10,
    });
    assert.deepEqual(summary(await transactionsOf(alice)), [
      { description: 'Refund: Priority creation cost', amount: 8 },
      { description: 'Priority creation cost', amount: -8 },
      { description: 'Initial political capital', amount: 10 },
    ]);
  });

  test('refunding a key no debit has cancels it: a late debit with it is refused and charges nothing', async () => {
    const bob = await registerCitizen(service, 'bob');
    const key = `promotion:${randomUUID()}`;
    const cancelled = await requestRefund(service, bob.id, key);
    assert.deepEqual(cancelled, { outcome: 'cancelled', entryId: null, amount: 0, balance: 10 });
    assert.deepEqual(await requestRefund(service, bob.id, key), cancelled, 'again: the same answer');
    // The debit whose answer the caller never saw arrives after its refund.
    assert.deepEqual(await requestDebit(service, { userId: bob.id, amount: 5, idempotencyKey: key }), {
      ok: false,
      reason: 'cancelled',
      message: LEDGER_MESSAGES.cancelled,
      balance: 10,
    });
    assert.deepEqual(await accountRow(tables, bob.id), { balance: 10, version: 1, entries: 1, total: 10 });

    // A debit racing its own refund: whatever the order, the user ends where they started.
    for (let i = 0; i < 10; i++) {
      const raceKey = `promotion:${randomUUID()}`;
      const [debited, refunded] = await Promise.all([
        requestDebit(service, { userId: bob.id, amount: 5, idempotencyKey: raceKey }),
        requestRefund(service, bob.id, raceKey),
      ]);
      assert.equal(debited.ok ? 'refunded' : 'cancelled', refunded.outcome);
    }
    assert.equal((await accountRow(tables, bob.id))!.balance, 10);
    await waitForBalance(service, bob, 10);
  });

  test('a request about another user than its identity names is not answered and changes nothing', async () => {
    const victim = await registerCitizen(service, 'victim');
    const thief = await registerCitizen(service, 'thief');
    await assert.rejects(
      requestDebit(service, { userId: victim.id, amount: 5 }, identityOf(thief.id)),
      (error: Error & { statusCode?: number }) => error.statusCode === 503,
    );
    await assert.rejects(
      requestDebit(service, { userId: victim.id, amount: 5 }, { ...identityOf(victim.id), userId: null }),
      (error: Error & { statusCode?: number }) => error.statusCode === 503,
    );
    assert.deepEqual(await accountRow(tables, victim.id), { balance: 10, version: 1, entries: 1, total: 10 });
    // A payload outside the contract never reaches the ledger.
    await assert.rejects(requestDebit(service, { userId: victim.id, amount: 0 }));
    await assert.rejects(requestDebit(service, { userId: victim.id, amount: -5 }));
    await assert.rejects(requestDebit(service, { userId: victim.id, idempotencyKey: 'has spaces in it' }));
    assert.equal(publishedBalance(service, victim.id), 10);
  });
});
