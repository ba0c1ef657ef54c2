/// <reference lib="dom" />
// The vote change cooldown as the citizen sees it (issue 38 item 1): a change the server refuses shows
// the server's words in the toast ("… again in 24 h"), and the card says it before the click, with
// Endorse and Oppose disabled. At desktop and phone width, axe clean.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT } from '../support/browser.ts';
import { setSetting, useBrowserTestServer } from '../support/browser-suite.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { signInThroughApi, toastArea, uniqueEmail } from './browser-helpers.ts';
import { allPriorities, apiCitizen, apiCreatePriority, BULK_ENV, cardOf } from './priority-helpers.ts';

describe('the vote change cooldown: the toast and the card say when', { skip: browserTestsSkip() }, () => {
  const suite = useBrowserTestServer({ env: BULK_ENV, settings: { vote_change_cooldown_hours: '0', max_priorities_per_user_per_day: '1000' } });

  for (const viewport of [DESKTOP_VIEWPORT, PHONE_VIEWPORT]) {
    test(`at ${viewport.width} px: the server's refusal in the toast, then the card's notice and disabled buttons`, async () => {
      setSetting(suite.server, 'vote_change_cooldown_hours', '0');
      const author = await apiCitizen(suite.server, 'Cora');
      const title = `Repair rural bridges ${viewport.width} ${Date.now()}`;
      await apiCreatePriority(author, { title });
      const { page, context, errors } = await suite.start({ viewport });
      await signInThroughApi(context, suite.server, uniqueEmail('cooldown'));
      await page.goto('/priorities');
      const card = cardOf(allPriorities(page), title);
      const endorse = card.getByRole('button', { name: 'Endorse' });
      const oppose = card.getByRole('button', { name: 'Oppose' });
      // A first vote and a first switch are free: the switch starts the cooldown.
      await endorse.click();
      await card.getByText('1 endorsement', { exact: true }).waitFor();
      await oppose.click();
      await card.getByText('1 opposition', { exact: true }).waitFor();

      // The page read the settings while the cooldown was off; the server now refuses a change.
      setSetting(suite.server, 'vote_change_cooldown_hours', '24');
      await endorse.click();
      const refused = toastArea(page).filter({ hasText: 'You can change your vote on this priority again in 24 h' });
      await refused.getByText('Error', { exact: true }).waitFor();
      assert.equal(await toastArea(page).filter({ hasText: 'Failed to' }).count(), 0, "the server's message, not the generic one");
      await card.getByText('1 opposition', { exact: true }).waitFor();

      // Read again, the card says it before the click; both buttons are disabled and described by it.
      await page.reload();
      const notice = card.getByText('You can change your vote again in 24 h', { exact: true });
      await notice.waitFor();
      for (const button of [endorse, oppose]) {
        assert.equal(await button.isDisabled(), true);
        assert.equal(await button.getAttribute('aria-describedby'), await notice.getAttribute('id'));
      }
      assert.equal(await oppose.getAttribute('aria-pressed'), 'true', 'the vote held is still shown');
      await expectNoSeriousA11yViolations(page, `the cooldown notice at ${viewport.width} px`);

      // Off again: the notice goes with the next read of the settings, and the buttons work.
      setSetting(suite.server, 'vote_change_cooldown_hours', '0');
      await page.reload();
      await card.getByText('1 opposition', { exact: true }).waitFor();
      await endorse.click();
      await card.getByText('1 endorsement', { exact: true }).waitFor();
      assert.equal(await notice.count(), 0);
      assert.deepEqual(errors, []);
    });
  }
});
