// Issue 14 item 7: what one account's list reads may cost, through the gateway on both run profiles.
// - Depth: Load More reaches the first 1,000 priorities from offset 0 (spec 2.7, 7.3), so an offset
//   past what it reaches (offset + limit > 1,000) is a 400 with a message, not a scan of skipped rows.
// - Budget (PRIORITIES_READ_BUDGET, here 5 units a minute): a read of the kept top list is free; a
//   search costs one unit per 50 rows; past the budget the account gets 429 with a message saying
//   when to come back, while another account reads on. Distributed, the count is Redis's.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PRIORITY_LIST_DEPTH_MESSAGE } from '@civic/contracts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { SteppingClock } from '../../../test/support/stepping-clock.ts';
import { listPriorities, signInCitizen, TEST_ENV } from './support/priorities-helpers.ts';

const messageOf = (answer: { body: unknown }) => (answer.body as { message?: string }).message;
const BUDGET_EXCEEDED = /^Too many searches or long lists\. Please try again in \d+ seconds\.$/;

for (const { profile, skip } of await profilePlan()) {
  describe(`list read bounds (${profile})`, { skip }, () => {
    const clock = new SteppingClock();

    const stack = useStack(profile, { services: ['auth', 'account', 'ledger', 'priorities'], clock, env: { ...TEST_ENV, PRIORITIES_READ_BUDGET: '5' } });

    test('an offset past what Load More reaches is a 400 with a message', async () => {
      const reader = await signInCitizen(stack, 'Deep', 'Reader');
      for (const query of ['?offset=1000', '?limit=1000&offset=1', '?limit=50&offset=951', '?offset=3000000000']) {
        const answer = await listPriorities(reader.client, query);
        assert.equal(answer.status, 400, `${query}: ${answer.text}`);
        assert.equal(messageOf(answer), PRIORITY_LIST_DEPTH_MESSAGE, query);
      }
      const last = await listPriorities(reader.client, '?limit=50&offset=150');
      assert.equal(last.status, 200, last.text);
    });

    test('searches spend a per-account budget: 429 with a message past it; the top list stays free', async () => {
      const searcher = await signInCitizen(stack, 'Eager', 'Searcher');
      const other = await signInCitizen(stack, 'Other', 'Searcher');
      // The kept top list costs nothing, however often it is read.
      for (let i = 0; i < 8; i++) assert.equal((await listPriorities(searcher.client, '?limit=50')).status, 200);
      for (let i = 0; i < 5; i++) {
        const answer = await listPriorities(searcher.client, `?search=term${i}`);
        assert.equal(answer.status, 200, `search ${i}: ${answer.text}`);
      }
      const refused = await listPriorities(searcher.client, '?search=one+more');
      assert.equal(refused.status, 429, refused.text);
      assert.match(messageOf(refused)!, BUDGET_EXCEEDED);
      assert.equal((await listPriorities(searcher.client, '?category=Economy')).status, 429, 'a category read is paid too');
      assert.equal((await listPriorities(searcher.client, '?limit=50')).status, 200, 'the top list is still free');
      assert.equal((await listPriorities(other.client, '?search=term0')).status, 200, 'another account has its own budget');
      // A read of 1,000 rows costs 20 units: more than this whole budget.
      assert.equal((await listPriorities(other.client, '?limit=1000')).status, 429);

      if (profile === 'embedded') {
        // The window is a minute of the service's clock (distributed: Redis's own expiry).
        clock.skip(61_000);
        assert.equal((await listPriorities(searcher.client, '?search=again')).status, 200, 'a new minute, a new budget');
      }
    });
  });
}
