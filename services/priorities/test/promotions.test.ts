// Promotions through the gateway on both run profiles (spec 2.6, 4 "Promote", 8, 9; SECURITY 15-17;
// docs/ledger.md's saga, docs/ranking.md v2): the debit and the rank, refusals before any charge,
// "Insufficient", 100 concurrent promotions on 120 PC, the Idempotency-Key, a failure after the debit,
// the sweeper, the ledger down (distributed), the boost's decay with a clock the test moves, and the
// live stream. After every test every ledger balance equals the sum of its entries (SECURITY 16).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterEach, before, describe, test } from 'node:test';
import { insufficientMessage, LEDGER_REQUESTS, PRIORITY_MESSAGES as M, prioritiesEvents, ZPromotionResult, type TPriority } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { probeEvents } from '../../../test/support/event-probe.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { SteppingClock } from '../../../test/support/stepping-clock.ts';
import { PROMOTION_BOOST_POINTS, PROMOTION_HALF_LIFE_MS } from '../src/domain/promotion-boost.ts';
import {
  createPriority,
  listPriorities,
  openPrioritiesTables,
  openRankingsStream,
  pollUntil,
  sessionFor,
  setSetting,
  TEST_ENV,
  vote,
  type Citizen,
} from './support/priorities-helpers.ts';
import {
  accountRow,
  assertBalance,
  assertBalancesMatchEntries,
  boostOf,
  openLedgerTables,
  promote,
  promotionsOf,
  signInPayer,
  transactionsOf,
} from './support/promotion-helpers.ts';

const HOUR = 3_600_000;
const messageOf = (answer: { body: unknown }) => (answer.body as { message?: string }).message;
const positionOf = (list: TPriority[], id: string) => list.findIndex((p) => p.id === id);

for (const { profile, skip } of await profilePlan()) {
  describe(`promotions (${profile})`, { skip }, () => {
    let tables: SqlDriver;
    let ledger: SqlDriver;
    let author: Citizen;
    const clock = new SteppingClock();
    // The background jobs run often here, so the tests see them work by themselves. The ledger gets
    // 20 s to answer (as in its own tests): 100 debits of one account queue for its lock, and on a
    // loaded machine 5 s can pass, which would turn answers into refunds (503) and the count astray.
    const env = { ...TEST_ENV, PRIORITIES_PURCHASE_SWEEP_MS: '200', PRIORITIES_BOOST_DECAY_MS: '200', PRIORITIES_LEDGER_TIMEOUT_MS: '20000' };
    const stack = useStack(profile, { services: ['auth', 'account', 'ledger', 'priorities'], clock, env });
    before(async () => {
      setSetting([stack.platforms.priorities!], 'max_priorities_per_user_per_day', '1000');
      setSetting([stack.platforms.priorities!], 'min_endorsements_for_ranking', '0');
      tables = await openPrioritiesTables(stack);
      ledger = await openLedgerTables(stack);
      author = await signInPayer(stack, 'Author', 10);
    });
    afterEach(async () => {
      if (ledger) await assertBalancesMatchEntries(ledger);
    });

    test('a promotion debits 50, answers the result, raises the rank, and reaches open streams', async () => {
      const payer = await signInPayer(stack, 'Promoter', 60);
      const leader = await createPriority(author.client, { title: 'Already ahead by two endorsements' });
      const underdog = await createPriority(author.client, { title: 'Behind until it is promoted' });
      await vote(payer.client, leader.id, 'endorse');
      await vote(author.client, leader.id, 'endorse');
      const initially = (await listPriorities(payer.client, '?limit=1000')).body;
      assert.ok(positionOf(initially, leader.id) < positionOf(initially, underdog.id), 'the leader is ahead at first');

      const stream = await openRankingsStream(stack.baseUrl, author.client);
      const promoted = await probeEvents(stack.platforms.priorities!, prioritiesEvents.PriorityPromoted, `probe_promoted_${profile}`);
      try {
        const answer = await promote(payer.client, underdog.id);
        assert.equal(answer.status, 200, answer.text);
        const result = ZPromotionResult.parse(answer.body);
        assert.deepEqual(
          { ...result, promotionId: undefined },
          {
            promotionId: undefined,
            priorityId: underdog.id,
            cost: 50,
            promotionBoost: PROMOTION_BOOST_POINTS,
            balance: 10,
          },
        );

        // The very next read of the list (the top list cache is dropped at the commit) shows it ahead.
        const afterwards = (await listPriorities(payer.client, '?limit=1000')).body;
        assert.ok(positionOf(afterwards, underdog.id) < positionOf(afterwards, leader.id), 'the promoted priority is ahead now');
        assert.ok(afterwards.find((p) => p.id === underdog.id)!.rank! < initially.find((p) => p.id === underdog.id)!.rank!, 'its rank rose');

        const tally = await stream.waitFor((e) => e.event === 'tally' && e.data.priorityId === underdog.id);
        assert.equal(tally.data.promotionBoost, PROMOTION_BOOST_POINTS);
        const event = await promoted.waitFor((p) => p.promotionId === result.promotionId);
        assert.deepEqual(
          { ...event.payload, promotedAt: undefined },
          {
            promotionId: result.promotionId,
            priorityId: underdog.id,
            userId: payer.id,
            cost: 50,
            promotedAt: undefined,
          },
        );
      } finally {
        stream.close();
        await promoted.stop();
      }

      await assertBalance(payer, 10);
      const [latest] = await transactionsOf(payer, '?limit=1');
      assert.deepEqual({ description: latest!.description, amount: latest!.amount }, { description: 'Promoted a priority', amount: -50 });
      const records = await promotionsOf(tables, payer.id);
      assert.deepEqual(
        records.map((r) => [r.priority_id, r.status, Number(r.cost)]),
        [[underdog.id, 'applied', 50]],
      );
      assert.equal(await boostOf(tables, underdog.id), PROMOTION_BOOST_POINTS);
    });

    test('not enough political capital: 409 with the ledger\'s "Insufficient" message, and nothing changes', async () => {
      const saver = await signInPayer(stack, 'Saver', 30);
      const priority = await createPriority(author.client);
      const answer = await promote(saver.client, priority.id);
      assert.equal(answer.status, 409, answer.text);
      assert.equal(messageOf(answer), insufficientMessage(50, 30));
      assert.match(messageOf(answer)!, /Insufficient/);
      assert.deepEqual(await accountRow(ledger, saver.id), { balance: 30, version: 1, entries: 1, total: 30 });
      assert.deepEqual(await promotionsOf(tables, saver.id), [], 'no promotion is left behind');
      assert.equal(await boostOf(tables, priority.id), 0);

      // The setting is the price, read at each promotion.
      setSetting([stack.platforms.priorities!], 'priority_promotion_cost', '30');
      try {
        const cheaper = await promote(saver.client, priority.id);
        assert.equal(cheaper.status, 200, cheaper.text);
        assert.equal(cheaper.body.cost, 30);
        assert.equal(cheaper.body.balance, 0);
      } finally {
        setSetting([stack.platforms.priorities!], 'priority_promotion_cost', '50');
      }
      await assertBalance(saver, 0);
    });

    test('100 concurrent promotions by one user with 120 PC: exactly 2 succeed and 20 is left (SECURITY 15)', async () => {
      const payer = await signInPayer(stack, 'Racer', 120);
      const priority = await createPriority(author.client);
      const answers = await Promise.all(Array.from({ length: 100 }, () => promote(payer.client, priority.id)));
      const statuses = answers.map((a) => a.status);
      assert.equal(
        statuses.filter((s) => s === 200).length,
        2,
        answers
          .filter((a) => a.status !== 409)
          .map((a) => a.text)
          .join('\n'),
      );
      assert.equal(statuses.filter((s) => s === 409).length, 98);
      for (const refused of answers.filter((a) => a.status === 409)) assert.match(messageOf(refused)!, /Insufficient/);
      assert.deepEqual(
        answers
          .filter((a) => a.status === 200)
          .map((a) => a.body.balance)
          .sort((a, b) => a! - b!),
        [20, 70],
      );

      assert.deepEqual(await accountRow(ledger, payer.id), { balance: 20, version: 3, entries: 3, total: 20 });
      const records = await promotionsOf(tables, payer.id);
      assert.deepEqual(
        records.map((r) => r.status),
        ['applied', 'applied'],
      );
      assert.equal(await boostOf(tables, priority.id), 2 * PROMOTION_BOOST_POINTS);
      await assertBalance(payer, 20);
    });

    test('the same Idempotency-Key debits once and answers the same (SECURITY 17)', async () => {
      const buyer = await signInPayer(stack, 'Buyer', 200);
      const priority = await createPriority(author.client);
      const key = randomUUID();
      const first = await promote(buyer.client, priority.id, key);
      assert.equal(first.status, 200, first.text);
      const again = await promote(buyer.client, priority.id, key);
      assert.equal(again.status, 200, again.text);
      assert.deepEqual(again.body, first.body, 'the same answer');
      assert.equal((await accountRow(ledger, buyer.id))!.balance, 150, 'one debit');
      assert.equal(await boostOf(tables, priority.id), PROMOTION_BOOST_POINTS, 'one boost');

      // Twenty copies of a new key at once: one debit; each answers the result or "still in progress".
      const burstKey = `burst-${randomUUID()}`;
      const burst = await Promise.all(Array.from({ length: 20 }, () => promote(buyer.client, priority.id, burstKey)));
      const done = burst.filter((a) => a.status === 200);
      assert.ok(done.length >= 1);
      assert.equal(new Set(done.map((a) => JSON.stringify(a.body))).size, 1, 'every success is the same answer');
      for (const busy of burst.filter((a) => a.status !== 200)) {
        assert.equal(busy.status, 409, busy.text);
        assert.equal(messageOf(busy), M.promotionInProgress);
      }
      assert.deepEqual(await promote(buyer.client, priority.id, burstKey).then((a) => a.body), done[0]!.body, 'once settled, a repetition answers it');
      assert.equal((await accountRow(ledger, buyer.id))!.balance, 100, 'one more debit');

      // A key is the user's own: another user's identical key is another purchase.
      const other = await signInPayer(stack, 'Other', 50);
      const theirs = await promote(other.client, priority.id, key);
      assert.equal(theirs.status, 200, theirs.text);
      assert.notEqual(theirs.body.promotionId, first.body.promotionId);

      // The key names one purchase: reusing it for another priority is refused, and charges nothing.
      const elsewhere = await createPriority(author.client);
      const reused = await promote(buyer.client, elsewhere.id, key);
      assert.equal(reused.status, 400, reused.text);
      assert.equal(messageOf(reused), M.idempotencyKeyReused);

      // A malformed key is a 400 with a message (through the gateway, on both profiles).
      for (const bad of ['has spaces', 'x'.repeat(201), 'naïve']) {
        const refused = await promote(buyer.client, priority.id, bad);
        assert.equal(refused.status, 400, `${bad}: ${refused.text}`);
        assert.equal(messageOf(refused), M.idempotencyKey);
      }
      // The OpenAPI document the gateway serves declares the header.
      const docs = await stack.client().get('/api/docs');
      const promoteDoc = docs.body.paths['/api/priorities/{id}/promote'].post;
      assert.deepEqual(
        promoteDoc.parameters.find((p: { in: string }) => p.in === 'header'),
        { name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 200, pattern: '^[\\x21-\\x7e]{1,200}$' } },
      );

      // A key refused as insufficient stays free: it buys once the balance covers it.
      const poorKey = randomUUID();
      const poor = await signInPayer(stack, 'Poor', 40);
      assert.equal((await promote(poor.client, priority.id, poorKey)).status, 409);
      setSetting([stack.platforms.priorities!], 'priority_promotion_cost', '40');
      try {
        assert.equal((await promote(poor.client, priority.id, poorKey)).status, 200);
      } finally {
        setSetting([stack.platforms.priorities!], 'priority_promotion_cost', '50');
      }
      assert.equal((await accountRow(ledger, buyer.id))!.balance, 100);
      assert.equal((await accountRow(ledger, poor.id))!.balance, 0);
    });

    test('refusals come before any charge: signed out 401, banned 403, unknown or inactive priority 404', async () => {
      const payer = await signInPayer(stack, 'Refused', 100);
      const priority = await createPriority(author.client);
      assert.equal((await promote(stack.client(), priority.id)).status, 401);
      const banned = await sessionFor(stack, payer.id, { isBanned: true });
      const bannedAnswer = await promote(banned, priority.id);
      assert.equal(bannedAnswer.status, 403, bannedAnswer.text);
      assert.equal(messageOf(bannedAnswer), 'Your account has been banned');
      for (const id of [randomUUID(), 'not-a-priority', '1']) {
        const answer = await promote(payer.client, id);
        assert.equal(answer.status, 404, `${id}: ${answer.text}`);
        assert.equal(messageOf(answer), M.priorityNotFound);
      }
      const inactive = await createPriority(author.client);
      await tables.query('UPDATE priorities.priorities SET is_active = false WHERE id = $1::uuid', [inactive.id]);
      assert.equal((await promote(payer.client, inactive.id)).status, 404);
      assert.deepEqual(await accountRow(ledger, payer.id), { balance: 100, version: 1, entries: 1, total: 100 }, 'nothing was charged');
      assert.deepEqual(await promotionsOf(tables, payer.id), []);
    });

    test('a promotion whose effect fails after the debit is refunded: the balance is back, no boost', async () => {
      const payer = await signInPayer(stack, 'Unlucky', 80);
      const priority = await createPriority(author.client);
      // A real failure inside the applying transaction, after the debit: the database refuses it.
      const trigger = `fail_promotion_${randomUUID().replaceAll('-', '')}`;
      await tables.exec(`
        CREATE FUNCTION priorities.${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.status = 'applied' AND NEW.priority_id = '${priority.id}' THEN RAISE EXCEPTION 'injected failure'; END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER ${trigger} BEFORE UPDATE ON priorities.promotions FOR EACH ROW EXECUTE FUNCTION priorities.${trigger}();`);
      try {
        const answer = await promote(payer.client, priority.id);
        assert.equal(answer.status, 503, answer.text);
        assert.equal(messageOf(answer), M.purchaseNotCompleted);
      } finally {
        await tables.exec(`DROP TRIGGER ${trigger} ON priorities.promotions; DROP FUNCTION priorities.${trigger}();`);
      }
      assert.deepEqual(await accountRow(ledger, payer.id), { balance: 80, version: 3, entries: 3, total: 80 }, 'debited, then refunded');
      const [refund, debit] = await transactionsOf(payer, '?limit=2');
      assert.deepEqual(
        [debit, refund].map((t) => [t!.description, t!.amount]),
        [
          ['Promoted a priority', -50],
          ['Refund: Promoted a priority', 50],
        ],
      );
      assert.deepEqual(
        (await promotionsOf(tables, payer.id)).map((r) => r.status),
        ['refunded'],
      );
      assert.equal(await boostOf(tables, priority.id), 0);
      await assertBalance(payer, 80);
    });

    test('the sweeper refunds a purchase its request left behind; the late debit with its key charges nothing', async () => {
      const payer = await signInPayer(stack, 'Crashed', 100);
      const priority = await createPriority(author.client);
      // What a request that died between its debit and its effect leaves: a pending row, a debit.
      const promotionId = randomUUID();
      await tables.query(
        `INSERT INTO priorities.promotions (id, priority_id, user_id, idempotency_key, cost, status, created_at)
         VALUES ($1::uuid, $2::uuid, $3::uuid, $4, 50, 'pending', $5::timestamptz)`,
        [promotionId, priority.id, payer.id, randomUUID(), clock.now().toISOString()],
      );
      const identity = { userId: payer.id, isAdmin: false, isBanned: false, ip: '127.0.0.1' };
      const debit = { userId: payer.id, amount: 50, idempotencyKey: `promotion:${promotionId}`, reason: 'promote_priority' as const, reference: priority.id };
      assert.equal((await stack.platforms.priorities!.requests.request(LEDGER_REQUESTS.debit, debit, { caller: 'priorities', identity })).ok, true);
      assert.equal((await accountRow(ledger, payer.id))!.balance, 50);

      // A live request is never swept: only once it is a minute old.
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal((await promotionsOf(tables, payer.id))[0]!.status, 'pending');
      clock.skip(2 * 60_000);
      await pollUntil(
        () => promotionsOf(tables, payer.id),
        (rows) => rows[0]?.status === 'refunded',
      );
      assert.equal((await accountRow(ledger, payer.id))!.balance, 100);
      // The key is spent: the same debit arriving again is refused as cancelled and charges nothing.
      const late = await stack.platforms.priorities!.requests.request(LEDGER_REQUESTS.debit, debit, { caller: 'priorities', identity });
      assert.deepEqual({ ok: late.ok, reason: 'reason' in late ? late.reason : null }, { ok: false, reason: 'cancelled' });
      assert.equal((await accountRow(ledger, payer.id))!.balance, 100);
      assert.equal(await boostOf(tables, priority.id), 0);
      await assertBalance(payer, 100);
    });

    test('the boost decays: halved each day, gone after five, ranks and streams follow (docs/ranking.md)', async () => {
      const payer = await signInPayer(stack, 'Decay', 50);
      const promoted = await createPriority(author.client, { title: 'Promoted, then fading away' });
      const steady = await createPriority(author.client, { title: 'Steadily endorsed by citizens' });
      for (const citizen of [author, payer]) await vote(citizen.client, steady.id, 'endorse');
      assert.equal((await promote(payer.client, promoted.id)).status, 200);
      const stream = await openRankingsStream(stack.baseUrl, author.client);
      try {
        const order = async () => {
          const list = (await listPriorities(author.client, '?limit=1000')).body;
          return positionOf(list, promoted.id) < positionOf(list, steady.id) ? 'promoted first' : 'steady first';
        };
        assert.equal(await order(), 'promoted first');
        for (const [days, boost] of [
          [1, 8],
          [2, 4],
          [3, 2],
          [4, 1],
          [5, 0],
        ] as const) {
          clock.skip(PROMOTION_HALF_LIFE_MS);
          // The decay job runs by itself (every 200 ms here) and tells the streams.
          await pollUntil(
            () => boostOf(tables, promoted.id),
            (b) => b === boost,
          );
          await stream.waitFor((e) => e.event === 'tally' && e.data.priorityId === promoted.id && e.data.promotionBoost === boost);
          assert.equal(boost, PROMOTION_BOOST_POINTS >> days);
        }
        // Score 0 against 2: the steady priority is ahead again, on the very next read.
        assert.equal(await order(), 'steady first');
        const [row] = await tables.query<{ n: number }>('SELECT count(*)::int AS n FROM priorities.priorities WHERE id = $1::uuid AND promotion_boost > 0', [
          promoted.id,
        ]);
        assert.equal(row!.n, 0);
      } finally {
        stream.close();
      }
      // A later promotion counts in full, the faded one not at all.
      clock.skip(HOUR);
      const again = await signInPayer(stack, 'Again', 50);
      assert.equal((await promote(again.client, promoted.id)).body.promotionBoost, PROMOTION_BOOST_POINTS);
      assert.equal(await boostOf(tables, promoted.id), PROMOTION_BOOST_POINTS);
    });

    if (profile === 'distributed') {
      test('the ledger unavailable: 503, no boost, nothing charged; after its restart the balance is intact', async () => {
        const payer = await signInPayer(stack, 'Outage', 70);
        const priority = await createPriority(author.client);
        await stack.stopService('ledger');
        try {
          const answer = await promote(payer.client, priority.id);
          assert.equal(answer.status, 503, answer.text);
          assert.equal(messageOf(answer), 'The ledger service could not answer right now. Please try again.');
          assert.equal(await boostOf(tables, priority.id), 0);
          // The refund could not be asked either: the promotion waits for the sweeper, unapplied.
          assert.notEqual((await promotionsOf(tables, payer.id))[0]!.status, 'applied');
        } finally {
          await stack.startService('ledger');
          // The stopped process's pool went with it.
          ledger = await openLedgerTables(stack);
        }
        clock.skip(2 * 60_000);
        await pollUntil(
          () => promotionsOf(tables, payer.id),
          (rows) => rows[0]?.status === 'refunded',
        );
        assert.deepEqual(await accountRow(ledger, payer.id), { balance: 70, version: 1, entries: 1, total: 70 });
        assert.equal(await boostOf(tables, priority.id), 0);
        await assertBalance(payer, 70);
        // And promotions work again.
        assert.equal((await promote(payer.client, priority.id)).status, 200);
        await assertBalance(payer, 20);
      });
    }
  });
}
