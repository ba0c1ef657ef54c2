// The ledger's integrity, from the ledger service alone (SECURITY 15, 16, 20; docs/ledger.md): what
// the database itself refuses (a negative balance, rewriting or deleting history, a zero entry, a
// second credit for one event), and that replaying every credit event twice (registration, priority,
// briefing document, recruit), even after the inbox forgot them, changes nothing. The runtime role's
// narrower rights are test/network-auth.test.ts's.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { authEvents, briefingEvents, prioritiesEvents, socialEvents, type EventDefinition, type EventPayload, type TEventEnvelope } from '@civic/contracts';
import { accountRow, dailyLogin, refusal, requestDebit, transactionsOf } from '../support/ledger-helpers.ts';
import { useLedgerService, registerCitizen, waitForBalance } from '../support/ledger-service.ts';

describe('ledger integrity', () => {
  const { service, tables } = useLedgerService();

  test('a direct UPDATE to a negative balance fails on the CHECK constraint (SECURITY 15)', async () => {
    const citizen = await registerCitizen(service, 'check');
    const message = await refusal(tables, 'UPDATE ledger.accounts SET balance = -1 WHERE user_id = $1::uuid', [citizen.id]);
    assert.match(message, /check constraint "accounts_balance_check"/);
    assert.match(await refusal(tables, 'UPDATE ledger.accounts SET balance = balance - 11 WHERE user_id = $1::uuid', [citizen.id]), /accounts_balance_check/);
    assert.deepEqual(await accountRow(tables, citizen.id), { balance: 10, version: 1, entries: 1, total: 10 });
  });

  test('entries are append-only: UPDATE, DELETE and TRUNCATE are refused; an entry of 0 too (SECURITY 16)', async () => {
    const citizen = await registerCitizen(service, 'append');
    const [entry] = await tables.query<{ id: string }>('SELECT id FROM ledger.entries WHERE user_id = $1::uuid', [citizen.id]);
    assert.match(await refusal(tables, 'UPDATE ledger.entries SET amount = 1000 WHERE id = $1::uuid', [entry!.id]), /append-only: UPDATE refused/);
    assert.match(await refusal(tables, `UPDATE ledger.entries SET description = 'forged' WHERE user_id = $1::uuid`, [citizen.id]), /append-only/);
    assert.match(await refusal(tables, 'DELETE FROM ledger.entries WHERE id = $1::uuid', [entry!.id]), /append-only: DELETE refused/);
    assert.match(await refusal(tables, 'TRUNCATE ledger.entries CASCADE'), /append-only: TRUNCATE refused/);
    assert.match(
      await refusal(
        tables,
        `INSERT INTO ledger.entries (id, user_id, amount, kind, description, version, balance_after, event_id, created_at)
         VALUES ($1::uuid, $2::uuid, 0, 'initial', 'nothing', 2, 10, $3::uuid, now())`,
        [randomUUID(), citizen.id, randomUUID()],
      ),
      /entries_amount_check/,
    );
    // A debit must be negative, and a second entry cannot take an existing version.
    assert.match(
      await refusal(
        tables,
        `INSERT INTO ledger.entries (id, user_id, amount, kind, description, version, balance_after, idempotency_key, created_at)
         VALUES ($1::uuid, $2::uuid, 5, 'debit', 'not a debit', 2, 15, 'k', now())`,
        [randomUUID(), citizen.id],
      ),
      /entries_debits_are_negative/,
    );
    assert.match(
      await refusal(
        tables,
        `INSERT INTO ledger.entries (id, user_id, amount, kind, description, version, balance_after, event_id, created_at)
         VALUES ($1::uuid, $2::uuid, 5, 'priority_created', 'twice', 1, 15, $3::uuid, now())`,
        [randomUUID(), citizen.id, randomUUID()],
      ),
      /entries_user_id_version_key/,
    );
    assert.equal((await transactionsOf(citizen)).length, 1, 'the history is as it was');
  });

  test('replaying every credit event twice, even after the inbox forgot them, changes nothing (SECURITY 20)', async () => {
    const envelopes: { definition: EventDefinition; envelope: TEventEnvelope }[] = [];
    const credit = async <E extends EventDefinition>(definition: E, payload: EventPayload<E>) =>
      envelopes.push({ definition, envelope: (await service.events.deliver(definition, payload)) as TEventEnvelope });
    // Registered here, as auth publishes it, so that its event is replayed too.
    const id = randomUUID();
    const citizen = { id, client: service.asUser(id) };
    await credit(authEvents.UserRegistered, { userId: citizen.id, email: 'replayed@example.com', isAdmin: false, registeredAt: new Date().toISOString() });
    for (const title of ['Replay-proof priority number one', 'Replay-proof priority number two']) {
      await credit(prioritiesEvents.PriorityCreated, { priorityId: randomUUID(), authorId: citizen.id, title, createdAt: new Date().toISOString() });
    }
    await credit(briefingEvents.DocumentCreated, {
      documentId: randomUUID(),
      authorId: citizen.id,
      title: 'Replay-proof briefing document',
      createdAt: new Date().toISOString(),
    });
    await credit(socialEvents.RecruitJoined, { recruiterId: citizen.id, recruitedUserId: randomUUID(), joinedAt: new Date().toISOString() });
    assert.equal((await dailyLogin(citizen)).status, 200);
    assert.equal((await requestDebit(service, { userId: citizen.id, amount: 7 })).ok, true);
    await waitForBalance(service, citizen, 10 + 5 + 5 + 2 + 10 + 1 - 7);
    assert.equal(envelopes.length, 5, 'registered, two priorities, one document, one recruit');
    const ids = envelopes.map((e) => e.envelope.id);
    const before = { row: await accountRow(tables, citizen.id), list: await transactionsOf(citizen) };

    // Twice each, every time after the ledger's inbox has forgotten the events, so the inbox (the
    // kit's redelivery guard, tested in services/kit) cannot drop them: only the entries' unique
    // event ids stand in the way. The inbox rows coming back show each copy was handled.
    for (let copy = 0; copy < 2; copy++) {
      const forgotten = await tables.query('DELETE FROM ledger.processed_events WHERE event_id = ANY($1::uuid[]) RETURNING event_id', [ids]);
      assert.equal(forgotten.length, 5);
      for (const { definition, envelope } of envelopes) await service.events.deliver(definition, envelope.payload as never, { id: envelope.id });
      assert.equal((await tables.query('SELECT 1 FROM ledger.processed_events WHERE event_id = ANY($1::uuid[])', [ids])).length, 5);
    }
    assert.deepEqual(await accountRow(tables, citizen.id), before.row);
    assert.deepEqual(await transactionsOf(citizen), before.list);
    await waitForBalance(service, citizen, 26);
  });
});
