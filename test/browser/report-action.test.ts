/// <reference lib="dom" />
// The Report action on a priority card in Chromium (issue 20): a citizen opens the dialog (focus in the
// reason, no serious axe violation), an empty reason shows the contract's message, a reason submits
// with the toast "Report submitted", a second report shows the server's refusal; no Report on one's
// own priority, and none at all while content_moderation_enabled is false. A briefing document's card
// shows the same action, loaded from the priorities area (civic_priorities/report).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ADMIN_MESSAGES } from '@civic/contracts';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { csrfHeaders, signInThroughApi, toastArea, uniqueEmail } from './browser-helpers.ts';
import { allPriorities, apiCitizen, apiCreatePriority, BULK_ENV, cardOf, LONG_ENOUGH } from './priority-helpers.ts';
import { setSetting, useBrowserTestServer } from '../support/browser-suite.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';

const reportButton = (page: Page, title: string) => cardOf(allPriorities(page), title).getByRole('button', { name: 'Report', exact: true });
const reportDialog = (page: Page) => page.getByRole('dialog', { name: 'Report content' });

describe('the Report action on a priority card', { skip: browserTestsSkip() }, () => {
  const suite = useBrowserTestServer({ env: BULK_ENV, settings: { max_priorities_per_user_per_day: '1000' } });

  test('report with a reason: the dialog, its messages, the toast, the refusal of a second report; never on one’s own priority', async () => {
    const author = await apiCitizen(suite.server, 'Rosa');
    const title = `Fund community libraries ${Date.now()}`;
    await apiCreatePriority(author, { title });
    const { page, context, errors } = await suite.start();
    await signInThroughApi(context, suite.server, uniqueEmail('reporter'));
    const ownTitle = `My own priority ${Date.now()}`;
    const own = await context.request.post('/api/priorities', { data: { title: ownTitle, description: LONG_ENOUGH }, headers: await csrfHeaders(context) });
    assert.equal(own.status(), 200, await own.text());

    await page.goto('/priorities');
    await cardOf(allPriorities(page), ownTitle).waitFor();
    assert.equal(
      await cardOf(allPriorities(page), ownTitle)
        .getByRole('button', { name: /^Report/ })
        .count(),
      0,
      'no Report on one’s own priority',
    );

    await reportButton(page, title).click();
    const dialog = reportDialog(page);
    await dialog.waitFor();
    const reason = dialog.getByRole('textbox', { name: 'Reason' });
    await page.waitForFunction(() => document.activeElement?.tagName === 'TEXTAREA');
    await expectNoSeriousA11yViolations(page, 'the Report dialog');

    await dialog.getByRole('button', { name: 'Submit report' }).click();
    await dialog.getByText(ADMIN_MESSAGES.reportReasonRequired, { exact: true }).waitFor();
    assert.equal(await reason.getAttribute('aria-invalid'), 'true');

    await reason.fill('Copied from another site, word for word.');
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/reports' && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Submit report' }).click();
    assert.equal((await sent).status(), 200);
    await toastArea(page).filter({ hasText: ADMIN_MESSAGES.reportSubmitted }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    // A second report of the same priority: the server's message, in the dialog and a toast.
    await reportButton(page, title).click();
    await reason.fill('Still copied.');
    await dialog.getByRole('button', { name: 'Submit report' }).click();
    await dialog.getByRole('alert').filter({ hasText: ADMIN_MESSAGES.alreadyReported }).waitFor();
    await toastArea(page).filter({ hasText: ADMIN_MESSAGES.alreadyReported }).first().waitFor();
    // The toasts are the kit's and checked elsewhere (one fading in has half its contrast): closed as a user would.
    for (const close of await toastArea(page).getByRole('button', { name: 'Close notification' }).all()) await close.click().catch(() => undefined);
    await toastArea(page).first().waitFor({ state: 'detached' });
    await expectNoSeriousA11yViolations(page, 'the Report dialog with a refusal');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
  });

  test("a briefing document's card reports through the priorities area's Report action; never on one's own document", async () => {
    const author = await apiCitizen(suite.server, 'Lena');
    const title = `Rural broadband maps ${Date.now()}`;
    const contributed = await author.client.post('/api/briefing-docs', { title, content: LONG_ENOUGH });
    assert.equal(contributed.status, 200, contributed.text);
    const { page, context, errors } = await suite.start();
    await signInThroughApi(context, suite.server, uniqueEmail('doc-reporter'));
    const ownTitle = `My own briefing ${Date.now()}`;
    const own = await context.request.post('/api/briefing-docs', { data: { title: ownTitle, content: LONG_ENOUGH }, headers: await csrfHeaders(context) });
    assert.equal(own.status(), 200, await own.text());

    await page.goto('/briefing-room');
    const card = (name: string) => page.getByRole('list', { name: 'Briefing documents' }).getByRole('article', { name, exact: true });
    await card(title).getByRole('button', { name: 'Report' }).click();
    const dialog = reportDialog(page);
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Not what the maps say.');
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/reports' && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Submit report' }).click();
    assert.equal((await sent).status(), 200);
    await toastArea(page).filter({ hasText: ADMIN_MESSAGES.reportSubmitted }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await card(ownTitle).waitFor();
    assert.equal(await card(ownTitle).getByRole('button', { name: 'Report' }).count(), 0, 'no Report on one’s own document');
    assert.deepEqual(errors, []);
  });

  test('content_moderation_enabled false: no Report action', async () => {
    const author = await apiCitizen(suite.server, 'Omar');
    const title = `Repair rural bridges ${Date.now()}`;
    await apiCreatePriority(author, { title });
    setSetting(suite.server, 'content_moderation_enabled', 'false');
    try {
      const { page, context } = await suite.start();
      await signInThroughApi(context, suite.server, uniqueEmail('no-reports'));
      const settings = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/platform-settings');
      await page.goto('/priorities');
      await settings;
      await cardOf(allPriorities(page), title).getByRole('button', { name: 'Endorse' }).waitFor();
      assert.equal(
        await allPriorities(page)
          .getByRole('button', { name: /^Report/ })
          .count(),
        0,
      );
    } finally {
      setSetting(suite.server, 'content_moderation_enabled', 'true');
    }
  });
});
