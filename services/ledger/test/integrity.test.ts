// The ledger's integrity, on both run profiles (SECURITY 15, 16, 20; docs/ledger.md): what the
// database itself refuses (a negative balance, rewriting or deleting history, a zero entry, a second
// credit for one event), and that replaying every credit event twice (registration, priority,
// briefing document, recruit), even after the inbox forgot them, changes nothing.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterEach, before, describe, test } from 'node:test';
import { authEvents, briefingEvents, prioritiesEvents, socialEvents, type EventDefinition, type EventPayload, type TEventEnvelope } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { probeEvents, type EventProbe } from '../../../test/support/event-probe.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { startTestProducer } from '../../../test/support/test-producer.ts';
import {
  accountRow,
  assertBalancesMatchEntries,
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

for (const { profile, skip } of await profilePlan()) {
  describe(`ledger integrity (${profile})`, { skip }, () => {
    let tables: SqlDriver;
    const stack = useStack(profile, { services: ['auth', 'ledger', 'priorities'], env: TEST_ENV });
    before(async () => {
      tables = await openLedgerTables(stack);
    });
    afterEach(async () => {
      if (tables) await assertBalancesMatchEntries(tables);
    });

    test('a direct UPDATE to a negative balance fails on the CHECK constraint (SECURITY 15)', async () => {
      const citizen = await signInCitizen(stack, 'check');
      const message = await refusal(tables, 'UPDATE ledger.accounts SET balance = -1 WHERE user_id = $1::uuid', [citizen.id]);
      assert.match(message, /check constraint "accounts_balance_check"/);
      assert.match(await refusal(tables, 'UPDATE ledger.accounts SET balance = balance - 11 WHERE user_id = $1::uuid', [citizen.id]), /accounts_balance_check/);
      assert.deepEqual(await accountRow(tables, citizen.id), { balance: 10, version: 1, entries: 1, total: 10 });
    });

    test('entries are append-only: UPDATE, DELETE and TRUNCATE are refused; an entry of 0 too (SECURITY 16)', async () => {
      const citizen = await signInCitizen(stack, 'append');
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
      const probes: EventProbe<EventDefinition>[] = [
        (await probeEvents(stack.platforms.ledger!, authEvents.UserRegistered, 'probe_registered')) as EventProbe<EventDefinition>,
        (await probeEvents(stack.platforms.ledger!, prioritiesEvents.PriorityCreated, 'probe_priorities')) as EventProbe<EventDefinition>,
        (await probeEvents(stack.platforms.ledger!, briefingEvents.DocumentCreated, 'probe_briefing')) as EventProbe<EventDefinition>,
        (await probeEvents(stack.platforms.ledger!, socialEvents.RecruitJoined, 'probe_recruit')) as EventProbe<EventDefinition>,
      ];
      const producer = await startTestProducer(stack);
      try {
        const citizen = await signInCitizen(stack, 'replayed');
        for (const title of ['Replay-proof priority number one', 'Replay-proof priority number two']) {
          const created = await citizen.client.post('/api/priorities', {
            title,
            description: 'A description long enough to pass the fifty character minimum of spec 5.',
          });
          assert.equal(created.status, 200, created.text);
        }
        await producer.publish(briefingEvents.DocumentCreated, {
          documentId: randomUUID(),
          authorId: citizen.id,
          title: 'Replay-proof briefing document',
          createdAt: new Date().toISOString(),
        });
        await producer.publish(socialEvents.RecruitJoined, { recruiterId: citizen.id, recruitedUserId: randomUUID(), joinedAt: new Date().toISOString() });
        assert.equal((await dailyLogin(citizen)).status, 200);
        assert.equal((await requestDebit(stack, { userId: citizen.id, amount: 7 })).ok, true);
        await waitForBalance(citizen, 10 + 5 + 5 + 2 + 10 + 1 - 7);
        const mine = (e: TEventEnvelope<EventPayload<EventDefinition>>) => {
          const p = e.payload as { userId?: string; authorId?: string; recruiterId?: string };
          return p.userId === citizen.id || p.authorId === citizen.id || p.recruiterId === citizen.id;
        };
        for (const probe of probes) await probe.waitFor((p) => mine({ payload: p } as never));
        const envelopes = probes.flatMap((p) => p.received.filter(mine));
        assert.equal(envelopes.length, 5, 'registered, two priorities, one document, one recruit');
        const before = { row: await accountRow(tables, citizen.id), list: await transactionsOf(citizen) };

        // Twice each, every time after the ledger's inbox has forgotten the events, so the inbox (the
        // kit's redelivery guard, tested in services/kit) cannot drop them: only the entries' unique
        // event ids stand in the way. Waiting for the inbox rows to come back shows each was handled.
        for (const round of [1, 2]) {
          const forgotten = await tables.query('DELETE FROM ledger.processed_events WHERE event_id = ANY($1::uuid[]) RETURNING event_id', [
            envelopes.map((e) => e.id),
          ]);
          assert.equal(forgotten.length, 5);
          await redeliver(stack, envelopes, round, () =>
            pollUntil(
              () => tables.query('SELECT 1 FROM ledger.processed_events WHERE event_id = ANY($1::uuid[])', [envelopes.map((e) => e.id)]),
              (rows) => rows.length === 5,
            ),
          );
        }
        // Give a wrongly applied copy time to show (each was processed above; this is belt and braces).
        await new Promise((resolve) => setTimeout(resolve, 300));
        assert.deepEqual(await accountRow(tables, citizen.id), before.row);
        assert.deepEqual(await transactionsOf(citizen), before.list);
        await waitForBalance(citizen, 26);
      } finally {
        await producer.stop();
        for (const probe of probes) await probe.stop();
      }
    });
  });
}
