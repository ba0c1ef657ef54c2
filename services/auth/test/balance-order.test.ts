// Auth's copy of each user's balance (GET /api/auth/user's politicalCapital), kept from the ledger's
// civic.ledger.balance.changed on both profiles: the newest version wins, whatever order the events
// arrive in. The ledger credits the daily login; a test producer publishes the out-of-order copies.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { ledgerEvents } from '@civic/contracts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { startTestProducer, type TestProducer } from '../../../test/support/test-producer.ts';
import { balanceOf, dailyLogin, signInCitizen, TEST_ENV, waitForBalance } from '../../ledger/test/support/ledger-helpers.ts';

for (const { profile, skip } of await profilePlan()) {
  describe(`auth's copy of the ledger balance (${profile})`, { skip }, () => {
    let producer: TestProducer;
    const stack = useStack(profile, { services: ['auth', 'ledger'], env: TEST_ENV });
    before(async () => {
      producer = await startTestProducer(stack);
    });

    test('GET /api/auth/user keeps the newest balance when balance events arrive out of order', async () => {
      const eve = await signInCitizen(stack, 'eve');
      const marker = await signInCitizen(stack, 'marker');
      // signInCitizen waited for it: the ledger opened the account at sign-up (initial_political_capital)
      // and its balance event reached auth's answer.
      assert.equal(await balanceOf(eve), 10);
      assert.equal((await dailyLogin(eve)).status, 200);
      await waitForBalance(eve, 11);
      const balanceEvent = (userId: string, balance: number, version: number) => ({
        userId,
        balance,
        version,
        entryId: randomUUID(),
        amount: 1,
        kind: 'daily_login' as const,
        changedAt: new Date().toISOString(),
      });
      // A newer balance (version 3) from another outbox of the ledger's subject, as after a restore...
      await producer.publish(ledgerEvents.BalanceChanged, balanceEvent(eve.id, 12, 3));
      await waitForBalance(eve, 12);
      // ...then stale copies of versions 1 and 3, and after them an event about another user. Auth
      // takes the events of one stream in order, so once the other user's figure shows, the stale
      // ones have been handled: neither changed Eve's.
      await producer.publish(ledgerEvents.BalanceChanged, balanceEvent(eve.id, 10, 1));
      await producer.publish(ledgerEvents.BalanceChanged, balanceEvent(eve.id, 99, 3));
      await producer.publish(ledgerEvents.BalanceChanged, balanceEvent(marker.id, 55, 50));
      await waitForBalance(marker, 55);
      assert.equal(await balanceOf(eve), 12, 'versions 1 and 3 are not newer than 3');
    });
  });
}
