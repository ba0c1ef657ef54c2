// Issue 35 item 5 (SECURITY 32): what one account's briefing list reads may cost, through the
// gateway on both run profiles.
// - A search of one or two characters is a 400 with a message, refused before anything is read or
//   spent (the trigram index has nothing to look up in it, so it would read every document); a
//   blank one lists everything, and three characters search as before.
// - Budget (BRIEFING_READ_BUDGET, here 4 units a minute): the first pages kept in memory are free; a
//   search costs one unit per 50 rows; past the budget the account gets 429 with a message saying
//   when to come back, while another account reads on. Distributed, the count is Redis's.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { BRIEFING_LIST_LIMITS, BRIEFING_SEARCH_TOO_SHORT, type TBriefingDocument } from '@civic/contracts';
import type { ApiClient } from '../../../test/support/api-client.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { SteppingClock } from '../../../test/support/stepping-clock.ts';
import { createDocument, messageOf, signInCitizen, TEST_ENV } from './support/briefing-helpers.ts';

const BUDGET_EXCEEDED = /^Too many searches or long lists\. Please try again in \d+ seconds\.$/;
const BUDGET = 4;

for (const { profile, skip } of await profilePlan()) {
  describe(`briefing list read bounds (${profile})`, { skip }, () => {
    const clock = new SteppingClock();
    const stack = useStack(profile, { services: ['auth', 'account', 'ledger', 'briefing'], clock, env: { ...TEST_ENV, BRIEFING_READ_BUDGET: String(BUDGET) } });
    const list = (client: ApiClient, query: string) => client.get<TBriefingDocument[]>(`/api/briefing-docs${query}`);

    test('a search shorter than 3 characters is refused before any read; 3 characters find exactly their documents', async () => {
      const author = await signInCitizen(stack, 'Short', 'Searcher');
      // Terms of this test only: "Qz" + a letter no other document here has after it.
      const tag = `Qz${randomUUID().slice(0, 6)}`;
      const matching = await createDocument(author.client, { title: `Notes on ${tag} funding`, type: 'research' });
      await createDocument(author.client, { title: 'Notes on something else', content: 'Nothing of the tag here, only words long enough.' });
      for (const term of ['a', 'ab', ' ab ', 'é', '%%', '__']) {
        const refused = await list(author.client, `?search=${encodeURIComponent(term)}`);
        assert.equal(refused.status, 400, `${term}: ${refused.text}`);
        assert.equal(messageOf(refused), BRIEFING_SEARCH_TOO_SHORT, term);
      }
      // Refused before the budget: the short ones above spent nothing of it.
      for (let i = 0; i < BUDGET; i++) assert.equal((await list(author.client, `?search=${tag}`)).status, 200, `search ${i}`);
      assert.equal((await list(author.client, `?search=${tag}`)).status, 429, 'the budget was whole before these');
      // A blank term is no search (the first page, from memory and free).
      const blank = await list(author.client, '?search=%20%20');
      assert.equal(blank.status, 200, blank.text);
      assert.ok(blank.body.some((d) => d.id === matching.id));

      // Three characters search, any case, and find exactly the documents that contain them.
      const reader = await signInCitizen(stack, 'Three', 'Letters');
      const three = tag.slice(2, 5).toUpperCase();
      const found = await list(reader.client, `?search=${three}`);
      assert.equal(found.status, 200, found.text);
      assert.ok(
        found.body.some((d) => d.id === matching.id),
        three,
      );
      for (const doc of found.body) assert.ok(`${doc.title} ${doc.content}`.toLowerCase().includes(three.toLowerCase()), doc.title);
      assert.equal(BRIEFING_LIST_LIMITS.searchMin, 3);
    });

    test('searches spend a per-account budget: 429 with a message past it; the first pages stay free', async () => {
      const searcher = await signInCitizen(stack, 'Eager', 'Searcher');
      const other = await signInCitizen(stack, 'Other', 'Searcher');
      // The first pages kept in memory cost nothing, however often they are read (per type too).
      for (let i = 0; i < BUDGET * 2; i++) assert.equal((await list(searcher.client, i % 2 ? '?limit=50' : '?type=research')).status, 200);
      for (let i = 0; i < BUDGET; i++) {
        const answer = await list(searcher.client, `?search=term${i}`);
        assert.equal(answer.status, 200, `search ${i}: ${answer.text}`);
      }
      const refused = await list(searcher.client, '?search=one+more');
      assert.equal(refused.status, 429, refused.text);
      assert.match(messageOf(refused)!, BUDGET_EXCEEDED);
      assert.equal((await list(searcher.client, '?limit=50')).status, 200, 'the first page is still free');
      assert.equal((await list(other.client, '?search=term0')).status, 200, 'another account has its own budget');
      // A read of 1,000 rows costs 20 units: more than this whole budget.
      assert.equal((await list(other.client, '?limit=1000')).status, 429);

      if (profile === 'embedded') {
        // The window is a minute of the service's clock (distributed: Redis's own expiry).
        clock.skip(61_000);
        assert.equal((await list(searcher.client, '?search=again')).status, 200, 'a new minute, a new budget');
      }
    });
  });
}
