// The ledger's part of the account data protocols (docs/protocols/account-data.md), from the ledger
// service alone: its export section (rpc.ledger.user_data_export, as account asks for it), and the
// erasure on civic.account.user.deleted (entries and account gone, a tombstone against late credits
// and racing debits).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { accountEvents, briefingEvents, EXPORT_REQUESTS, ZLedgerExportSection } from '@civic/contracts';
import { accountRow, dailyLogin, identityOf, pollUntil, requestDebit, requestRefund, transactionsOf } from '../support/ledger-helpers.ts';
import { useLedgerService, registerCitizen, waitForBalance } from '../support/ledger-service.ts';

describe('ledger data rights', () => {
  const { service, tables } = useLedgerService();

  test("the export's ledger section: the balance and every entry, oldest first, nothing of other users", async () => {
    const owner = await registerCitizen(service, 'exporter');
    const other = await registerCitizen(service, 'stranger');
    assert.equal((await dailyLogin(owner)).status, 200);
    const reference = randomUUID();
    const key = `promotion:${randomUUID()}`;
    assert.equal((await requestDebit(service, { userId: owner.id, amount: 4, idempotencyKey: key, reference })).ok, true);
    assert.equal((await requestDebit(service, { userId: other.id, amount: 3, reference: 'not-the-owners' })).ok, true);
    await waitForBalance(service, owner, 7);

    // The section as account gathers it for the owner's export.
    const answer = await service.platform.requests.request(EXPORT_REQUESTS.ledger, {}, { caller: 'account', identity: identityOf(owner.id) });
    const section = ZLedgerExportSection.parse(answer);
    const text = JSON.stringify(answer);
    const list = await transactionsOf(owner);
    assert.deepEqual(section, {
      balance: 7,
      entries: [
        { id: list[2]!.id, kind: 'initial', description: 'Initial political capital', amount: 10, reference: null, createdAt: list[2]!.createdAt },
        { id: list[1]!.id, kind: 'daily_login', description: 'Daily login bonus', amount: 1, reference: null, createdAt: list[1]!.createdAt },
        { id: list[0]!.id, kind: 'debit', description: 'Promoted a priority', amount: -4, reference, createdAt: list[0]!.createdAt },
      ],
    });
    assert.ok(!text.includes(key), 'the caller’s idempotency key is not the user’s data');
    assert.ok(!text.includes(other.id), "not the other user's id");
    assert.ok(!text.includes('not-the-owners'), "not the other user's entries");
  });

  test('deleting the account erases its ledger account; later credits and debits for it record nothing', async () => {
    const gone = await registerCitizen(service, 'leaving');
    const stays = await registerCitizen(service, 'staying');
    assert.equal((await dailyLogin(gone)).status, 200);
    const paidKey = `promotion:${randomUUID()}`;
    assert.equal((await requestDebit(service, { userId: gone.id, amount: 5, idempotencyKey: paidKey })).ok, true);
    await requestRefund(service, gone.id, `promotion:${randomUUID()}`); // a cancelled key on record
    await waitForBalance(service, gone, 6);

    // Account erased them (its DELETE /api/account publishes this: services/account/test/data-rights.test.ts).
    await service.events.deliver(accountEvents.UserDeleted, { userId: gone.id, deletedAt: new Date().toISOString() });
    const held = async (userId: string) => {
      const [row] = await tables.query<{ accounts: number; entries: number; cancelled: number; erased: number }>(
        `SELECT (SELECT count(*)::int FROM ledger.accounts WHERE user_id = $1::uuid) AS accounts,
                (SELECT count(*)::int FROM ledger.entries WHERE user_id = $1::uuid) AS entries,
                (SELECT count(*)::int FROM ledger.cancelled_debits WHERE user_id = $1::uuid) AS cancelled,
                (SELECT count(*)::int FROM ledger.deleted_users WHERE user_id = $1::uuid) AS erased`,
        [userId],
      );
      return row!;
    };
    await pollUntil(
      () => held(gone.id),
      (h) => h.entries === 0,
    );
    assert.deepEqual(await held(gone.id), { accounts: 0, entries: 0, cancelled: 0, erased: 1 });
    assert.deepEqual(await accountRow(tables, stays.id), { balance: 10, version: 1, entries: 1, total: 10 }, 'the other account stays');

    // A credit event about the deleted user that arrives late (another producer's stream).
    const late = await service.events.deliver(briefingEvents.DocumentCreated, {
      documentId: randomUUID(),
      authorId: gone.id,
      title: 'A document that raced the deletion',
      createdAt: new Date().toISOString(),
    });
    await pollUntil(
      () => tables.query('SELECT 1 FROM ledger.processed_events WHERE event_id = $1::uuid', [late.id]),
      (rows) => rows.length === 1,
    );
    // A debit or a refund for it (a request in flight when the account went).
    const debit = await requestDebit(service, { userId: gone.id, amount: 1 });
    assert.deepEqual({ ok: debit.ok, balance: debit.balance }, { ok: false, balance: 0 });
    assert.deepEqual(await requestRefund(service, gone.id, paidKey), { outcome: 'cancelled', entryId: null, amount: 0, balance: 0 });
    assert.deepEqual(await held(gone.id), { accounts: 0, entries: 0, cancelled: 0, erased: 1 });
  });
});
