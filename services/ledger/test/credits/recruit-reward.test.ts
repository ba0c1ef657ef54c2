// The recruit reward (spec 9 "recruit a citizen +10", recruit_user_reward), from the ledger service
// alone: civic.social.recruit.joined, delivered as the social service publishes it, credits the
// recruiter the setting's value at the time the event is applied, once per event, whatever is
// replayed; nothing for an erased recruiter or a self-recruit. After every test, every balance
// equals the sum of its entries.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import {
  accountEvents,
  EXPORT_REQUESTS,
  LEDGER_DESCRIPTIONS,
  socialEvents,
  ZLedgerExportSection,
  type EventPayload,
  type TEventEnvelope,
} from '@civic/contracts';
import { accountRow, identityOf, pollUntil, transactionsOf } from '../support/ledger-helpers.ts';
import { type LedgerCitizen, useLedgerService, publishedBalance, registerCitizen, waitForBalance } from '../support/ledger-service.ts';

type TRecruitJoined = EventPayload<typeof socialEvents.RecruitJoined>;
const summary = (list: { description: string; amount: number }[]) => list.map(({ description, amount }) => ({ description, amount }));

describe('ledger recruit reward', () => {
  const { service, tables } = useLedgerService();

  const recruitJoined = (recruiter: LedgerCitizen | string, recruitedUserId: string = randomUUID()): Promise<TEventEnvelope<TRecruitJoined>> =>
    service.events.deliver(socialEvents.RecruitJoined, {
      recruiterId: typeof recruiter === 'string' ? recruiter : recruiter.id,
      recruitedUserId,
      joinedAt: new Date().toISOString(),
    });

  /** Waits until the ledger has handled the event (its inbox row), credited or not. */
  const handled = (eventIds: readonly string[]) =>
    pollUntil(
      () => tables.query('SELECT 1 FROM ledger.processed_events WHERE event_id = ANY($1::uuid[])', [eventIds]),
      (rows) => rows.length === eventIds.length,
    );

  const entriesOfEvent = (eventId: string) =>
    tables.query<{ user_id: string; kind: string; amount: number; reference: string | null }>(
      'SELECT user_id, kind, amount, reference FROM ledger.entries WHERE event_id = $1::uuid',
      [eventId],
    );

  test('a recruit joining credits the recruiter recruit_user_reward (10), once; the recruit and others get nothing from it', async () => {
    const recruiter = await registerCitizen(service, 'recruiter');
    const recruit = await registerCitizen(service, 'recruit');
    const bystander = await registerCitizen(service, 'bystander');

    const event = await recruitJoined(recruiter, recruit.id);
    await waitForBalance(service, recruiter, 20);
    const list = await transactionsOf(recruiter);
    assert.deepEqual(summary(list), [
      { description: 'Recruited a citizen', amount: 10 },
      { description: 'Initial political capital', amount: 10 },
    ]);
    assert.equal(list[0]!.description, LEDGER_DESCRIPTIONS.recruit_joined);
    assert.deepEqual(await accountRow(tables, recruiter.id), { balance: 20, version: 2, entries: 2, total: 20 });
    // Keyed by the event, and naming only its own user: the recruit's id is not in the entry.
    assert.deepEqual(await entriesOfEvent(event.id), [{ user_id: recruiter.id, kind: 'recruit_joined', amount: 10, reference: null }]);

    assert.equal(publishedBalance(service, recruit.id), 10);
    assert.equal(publishedBalance(service, bystander.id), 10);
    assert.deepEqual(await accountRow(tables, recruit.id), { balance: 10, version: 1, entries: 1, total: 10 });

    // The export shows the entry with its kind, and nothing of the recruit (the ledger's section, as account gathers it).
    const section = ZLedgerExportSection.parse(
      await service.platform.requests.request(EXPORT_REQUESTS.ledger, {}, { caller: 'account', identity: identityOf(recruiter.id) }),
    );
    assert.deepEqual(
      section.entries.map(({ kind, description, amount, reference }) => ({ kind, description, amount, reference })),
      [
        { kind: 'initial', description: 'Initial political capital', amount: 10, reference: null },
        { kind: 'recruit_joined', description: 'Recruited a citizen', amount: 10, reference: null },
      ],
    );
    assert.ok(!JSON.stringify(section).includes(recruit.id), "the recruit's id is not the recruiter's data");
  });

  test('replaying the event twice, after the inbox forgot it, changes nothing (SECURITY 20)', async () => {
    const recruiter = await registerCitizen(service, 'replayed-recruiter');
    const first = await recruitJoined(recruiter);
    const second = await recruitJoined(recruiter);
    await waitForBalance(service, recruiter, 30);
    const before = { row: await accountRow(tables, recruiter.id), list: await transactionsOf(recruiter) };
    assert.deepEqual(before.row, { balance: 30, version: 3, entries: 3, total: 30 }, 'two recruits, two rewards');

    const envelopes = [first, second];
    const ids = envelopes.map((e) => e.id);
    for (let copy = 0; copy < 2; copy++) {
      // With the inbox rows gone only the entries' unique event ids stand in the way; the rows
      // coming back show each copy was handled.
      const forgotten = await tables.query('DELETE FROM ledger.processed_events WHERE event_id = ANY($1::uuid[]) RETURNING event_id', [ids]);
      assert.equal(forgotten.length, 2);
      for (const envelope of envelopes) await service.events.deliver(socialEvents.RecruitJoined, envelope.payload, { id: envelope.id });
      await handled(ids);
    }
    assert.deepEqual(await accountRow(tables, recruiter.id), before.row);
    assert.deepEqual(await transactionsOf(recruiter), before.list);
    for (const id of ids) assert.equal((await entriesOfEvent(id)).length, 1);
    assert.equal(publishedBalance(service, recruiter.id), 30);
  });

  test('the setting is read when the event is applied: 25 credits 25, 0 writes nothing, a bad value falls back to 10', async () => {
    const recruiter = await registerCitizen(service, 'setting-recruiter');
    try {
      service.platform.settings.set('recruit_user_reward', '25');
      const rich = await recruitJoined(recruiter);
      await handled([rich.id]);
      await waitForBalance(service, recruiter, 35);

      service.platform.settings.set('recruit_user_reward', '0');
      const nothing = await recruitJoined(recruiter);
      await handled([nothing.id]);
      assert.deepEqual(await entriesOfEvent(nothing.id), [], 'an entry is never 0');

      // Not a whole number from 0 to 1,000,000: the spec 9 default.
      service.platform.settings.set('recruit_user_reward', '-5');
      const fallback = await recruitJoined(recruiter);
      await handled([fallback.id]);
    } finally {
      service.platform.settings.set('recruit_user_reward', '10');
    }
    await waitForBalance(service, recruiter, 45);
    assert.deepEqual(summary(await transactionsOf(recruiter)), [
      { description: 'Recruited a citizen', amount: 10 },
      { description: 'Recruited a citizen', amount: 25 },
      { description: 'Initial political capital', amount: 10 },
    ]);
    assert.deepEqual(await accountRow(tables, recruiter.id), { balance: 45, version: 3, entries: 3, total: 45 });
  });

  test('an erased recruiter gets nothing; nor does a citizen named as their own recruit', async () => {
    const selfish = await registerCitizen(service, 'self-recruiter');
    const own = await recruitJoined(selfish, selfish.id);
    // The same id spelt in capitals is still the same citizen.
    const shouted = await recruitJoined(selfish, selfish.id.toUpperCase());
    await handled([own.id, shouted.id]);
    assert.deepEqual(await entriesOfEvent(own.id), []);
    assert.deepEqual(await entriesOfEvent(shouted.id), []);
    assert.deepEqual(await accountRow(tables, selfish.id), { balance: 10, version: 1, entries: 1, total: 10 });

    const gone = await registerCitizen(service, 'gone-recruiter');
    // Account erased them (its DELETE /api/account publishes this: services/account/test/data-rights.test.ts).
    await service.events.deliver(accountEvents.UserDeleted, { userId: gone.id, deletedAt: new Date().toISOString() });
    await pollUntil(
      () => tables.query('SELECT 1 FROM ledger.deleted_users WHERE user_id = $1::uuid', [gone.id]),
      (rows) => rows.length === 1,
    );
    // The recruit joined just as the recruiter left (social's event on its way during the erasure).
    const late = await recruitJoined(gone.id);
    await handled([late.id]);
    assert.deepEqual(await entriesOfEvent(late.id), []);
    assert.equal(await accountRow(tables, gone.id), null, 'no account opened again');
  });
});
