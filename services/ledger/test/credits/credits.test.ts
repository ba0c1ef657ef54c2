// Earning political capital, from the ledger service alone (spec 2.5, 3, 7.3, 9): the initial balance
// when auth registers an account, +5 for a priority and +2 for a briefing document (their creation
// events delivered as priorities and briefing publish them), the daily-login bonus once per UTC day,
// the transactions list, and the balance events that carry each balance to the other services. After
// every test, every balance equals the sum of its entries.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { briefingEvents, LEDGER_DESCRIPTIONS, LEDGER_MESSAGES, type TDailyLoginResponse } from '@civic/contracts';
import { SteppingClock } from '../../../../test/support/stepping-clock.ts';
import { accountRow, dailyLogin, pollUntil, transactionsOf } from '../support/ledger-helpers.ts';
import { createPriorities, useLedgerService, publishedBalance, registerCitizen, waitForBalance } from '../support/ledger-service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const summary = (list: { description: string; amount: number }[]) => list.map(({ description, amount }) => ({ description, amount }));

describe('ledger credits', () => {
  const clock = new SteppingClock();
  const { service, tables } = useLedgerService({ clock });
  const setSetting = (key: 'initial_political_capital' | 'daily_login_bonus', value: string) => service.platform.settings.set(key, value);

  test('a new account starts with initial_political_capital: one transaction, in its balance event', async () => {
    const ada = await registerCitizen(service, 'ada');
    assert.equal(publishedBalance(service, ada.id), 10);
    const list = await transactionsOf(ada);
    assert.deepEqual(summary(list), [{ description: 'Initial political capital', amount: 10 }]);
    assert.match(list[0]!.id, /^[0-9a-f-]{36}$/);
    assert.ok(!Number.isNaN(Date.parse(list[0]!.createdAt)));
    assert.deepEqual(await accountRow(tables, ada.id), { balance: 10, version: 1, entries: 1, total: 10 });

    // The setting is read when the account opens (spec 9: server values override the default).
    setSetting('initial_political_capital', '25');
    try {
      const rich = await registerCitizen(service, 'rich', 25);
      assert.deepEqual(summary(await transactionsOf(rich)), [{ description: 'Initial political capital', amount: 25 }]);
      setSetting('initial_political_capital', '0');
      const poor = await registerCitizen(service, 'poor', 0);
      await pollUntil(
        () => accountRow(tables, poor.id),
        (row) => row !== null,
      );
      assert.deepEqual(await accountRow(tables, poor.id), { balance: 0, version: 0, entries: 0, total: 0 }, 'an account, no zero entry');
      assert.deepEqual(await transactionsOf(poor), []);
    } finally {
      setSetting('initial_political_capital', '10');
    }
  });

  test('creating a priority earns 5; a briefing document earns 2', async () => {
    const grace = await registerCitizen(service, 'grace');
    await createPriorities(service, grace, 1);
    await waitForBalance(service, grace, 15);

    await service.events.deliver(briefingEvents.DocumentCreated, {
      documentId: randomUUID(),
      authorId: grace.id,
      title: 'Computer science education research',
      createdAt: new Date().toISOString(),
    });
    await waitForBalance(service, grace, 17);
    assert.deepEqual(summary(await transactionsOf(grace)), [
      { description: LEDGER_DESCRIPTIONS.briefing_created, amount: 2 },
      { description: LEDGER_DESCRIPTIONS.priority_created, amount: 5 },
      { description: LEDGER_DESCRIPTIONS.initial, amount: 10 },
    ]);

    // Another user's act credits that user only.
    const alan = await registerCitizen(service, 'alan');
    await createPriorities(service, alan, 1);
    await waitForBalance(service, alan, 15);
    assert.equal(publishedBalance(service, grace.id), 17);
  });

  test('the daily-login bonus is credited once per UTC day, however many calls come at once', async () => {
    const ida = await registerCitizen(service, 'ida');
    const answers = await Promise.all(Array.from({ length: 20 }, () => dailyLogin(ida)));
    for (const answer of answers) assert.equal(answer.status, 200, answer.text);
    const bodies = answers.map((a) => a.body as TDailyLoginResponse);
    assert.deepEqual(
      bodies.filter((b) => b.credited),
      [{ credited: true, amount: 1, balance: 11 }],
      'exactly one call credited',
    );
    for (const body of bodies.filter((b) => !b.credited)) assert.deepEqual(body, { credited: false, amount: 0, balance: 11 });
    await waitForBalance(service, ida, 11);
    assert.deepEqual((await dailyLogin(ida)).body, { credited: false, amount: 0, balance: 11 });

    // The next UTC day (the service's clock moved ahead) earns it again, from the setting.
    clock.skip(DAY_MS);
    setSetting('daily_login_bonus', '3');
    try {
      assert.deepEqual((await dailyLogin(ida)).body, { credited: true, amount: 3, balance: 14 });
      assert.deepEqual((await dailyLogin(ida)).body, { credited: false, amount: 0, balance: 14 });
    } finally {
      setSetting('daily_login_bonus', '1');
    }
    await waitForBalance(service, ida, 14);
    assert.deepEqual(summary(await transactionsOf(ida)), [
      { description: 'Daily login bonus', amount: 3 },
      { description: 'Daily login bonus', amount: 1 },
      { description: 'Initial political capital', amount: 10 },
    ]);
    const days = await tables.query<{ idempotency_key: string }>(
      `SELECT idempotency_key FROM ledger.entries WHERE user_id = $1::uuid AND kind = 'daily_login' ORDER BY version`,
      [ida.id],
    );
    const today = clock.now().toISOString().slice(0, 10);
    const yesterday = new Date(clock.now().getTime() - DAY_MS).toISOString().slice(0, 10);
    assert.deepEqual(
      days.map((d) => d.idempotency_key),
      [yesterday, today],
      'keyed by the UTC day',
    );
  });

  test('daily login: signed out is 401, a banned user gets 403 and nothing', async () => {
    assert.equal((await service.asVisitor().post('/api/daily-login')).status, 401);

    const banned = await registerCitizen(service, 'banned');
    // The same user's requests once banned (as after an admin's ban).
    const bannedClient = service.asUser(banned.id, { isBanned: true });
    const refused = await bannedClient.post('/api/daily-login');
    assert.equal(refused.status, 403, refused.text);
    assert.equal(refused.body.message, LEDGER_MESSAGES.banned);
    // A banned user still sees their own transactions.
    assert.equal((await bannedClient.get('/api/political-capital/transactions')).status, 200);
    assert.deepEqual(await accountRow(tables, banned.id), { balance: 10, version: 1, entries: 1, total: 10 }, 'nothing credited');
  });

  test('transactions: newest first, own only, limit and offset; a bad query is a 400 with a message; 401 signed out', async () => {
    const mae = await registerCitizen(service, 'mae');
    const other = await registerCitizen(service, 'other');
    await createPriorities(service, mae, 3);
    await waitForBalance(service, mae, 25);
    assert.equal((await dailyLogin(mae)).status, 200);
    await waitForBalance(service, mae, 26);

    const all = await transactionsOf(mae);
    assert.deepEqual(summary(all), [
      { description: 'Daily login bonus', amount: 1 },
      { description: 'Created a priority', amount: 5 },
      { description: 'Created a priority', amount: 5 },
      { description: 'Created a priority', amount: 5 },
      { description: 'Initial political capital', amount: 10 },
    ]);
    assert.equal(new Set(all.map((t) => t.id)).size, 5);
    assert.deepEqual(await transactionsOf(mae, '?limit=2'), all.slice(0, 2));
    assert.deepEqual(await transactionsOf(mae, '?limit=2&offset=2'), all.slice(2, 4));
    assert.deepEqual(await transactionsOf(mae, '?offset=4'), all.slice(4));
    assert.deepEqual(await transactionsOf(mae, '?offset=50'), []);
    assert.deepEqual(await transactionsOf(mae, '?offset=2147483648'), [], 'far past the end is empty, not an error');
    assert.deepEqual(summary(await transactionsOf(other)), [{ description: 'Initial political capital', amount: 10 }]);

    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?limit=1.5', '?offset=-1', '?offset=x', '?offset=1e30', '?colour=red']) {
      const answer = await mae.client.get(`/api/political-capital/transactions${query}`);
      assert.equal(answer.status, 400, `${query}: ${answer.text}`);
      assert.equal(typeof answer.body.message, 'string');
    }
    assert.equal((await mae.client.get('/api/political-capital/transactions?limit=0')).body.message, LEDGER_MESSAGES.limit);
    assert.equal((await mae.client.get('/api/political-capital/transactions?offset=-1')).body.message, LEDGER_MESSAGES.offset);

    const visitor = service.asVisitor();
    assert.equal((await visitor.get('/api/political-capital/transactions')).status, 401);
    assert.equal((await visitor.get('/api/political-capital/transactions?limit=0')).status, 401, 'signed out wins over a bad query');
  });
});
