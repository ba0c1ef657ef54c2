/// <reference lib="dom" />
// Priorities in Chromium, when things go wrong or the screen is small (spec 4, 5, 8, 2.13): the
// failure toasts of votes, promotion and creation (answers routed in the browser), the server's
// daily limit in the Create Priority dialog, and the phone layout. Split from priorities.test.ts so
// the two run in parallel and each stays well inside the per-file time limit.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE_VIEWPORT } from '../support/browser.ts';
import { dialog, signInThroughApi, toastArea, uniqueEmail } from './browser-helpers.ts';
import {
  allPriorities,
  apiCitizen,
  apiCreatePriority,
  BULK_ENV,
  cardOf,
  fulfillWith,
  issueOf,
  LONG_ENOUGH,
  topPriorities,
  watchPromoteLock,
} from './priority-helpers.ts';
import { setSetting, useBrowserTestServer } from '../support/browser-suite.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';

describe('priorities: failure toasts, the daily limit and the phone layout', { skip: browserTestsSkip() }, () => {
  const suite = useBrowserTestServer({ env: BULK_ENV, settings: { vote_change_cooldown_hours: '0', max_priorities_per_user_per_day: '1000' } });
  const start = suite.start.bind(suite);

  test('vote failures: spec 8 toasts titled "Error"; a 401 opens the sign-in dialog instead', async () => {
    const author = await apiCitizen(suite.server, 'Felix');
    const title = `Lower prescription drug prices ${Date.now()}`;
    const priority = await apiCreatePriority(author, { title });
    const { page, context } = await start();
    await signInThroughApi(context, suite.server, uniqueEmail('failing'));
    // This browser's user endorses first (through its own cookies), so Endorse now means "remove".
    await page.goto('/priorities');
    const card = cardOf(allPriorities(page), title);
    await card.getByRole('button', { name: 'Endorse' }).click();
    await card.getByText('1 endorsement', { exact: true }).waitFor();

    const votePath = new RegExp(`/api/priorities/${priority.id}/vote$`);
    await fulfillWith(page, 'DELETE', votePath, 500, { message: 'Internal Server Error' });
    await fulfillWith(page, 'POST', votePath, 500, { message: 'Internal Server Error' });
    await card.getByRole('button', { name: 'Endorse' }).click();
    const removeFailed = toastArea(page).filter({ hasText: 'Failed to remove vote. Please try again.' });
    await removeFailed.getByText('Error', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Oppose' }).click();
    const voteFailed = toastArea(page).filter({ hasText: 'Failed to record vote. Please try again.' });
    await voteFailed.getByText('Error', { exact: true }).waitFor();
    await card.getByText('1 endorsement', { exact: true }).waitFor();

    // A refusal with the server's message shows that message (spec 8 "server message preferred", issue 38):
    // the cooldown's 429 says when (the real one: vote-cooldown.test.ts).
    await page.unroute(votePath);
    await fulfillWith(page, 'POST', votePath, 429, {
      message: 'You can change your vote on this priority again in 23 h 12 min',
      code: 'PRIORITIES_VOTE_COOLDOWN',
    });
    await card.getByRole('button', { name: 'Oppose' }).click();
    await toastArea(page).filter({ hasText: 'You can change your vote on this priority again in 23 h 12 min' }).getByText('Error', { exact: true }).waitFor();

    // (The removal's failure toast has given way to the newer one: one toast at a time.)
    await page.unroute(votePath);
    await fulfillWith(page, 'DELETE', votePath, 401, { message: 'Unauthorized', code: 'KIT_UNAUTHORIZED' });
    await card.getByRole('button', { name: 'Endorse' }).click();
    await dialog(page).getByText('US citizens only, one account per person', { exact: true }).waitFor();
    assert.equal(await toastArea(page).filter({ hasText: 'Failed to remove vote' }).count(), 0, 'no error toast for a 401');
  });

  test('promote: "Promoting..." while it runs, locked about a second after, and its three outcomes', async () => {
    const author = await apiCitizen(suite.server, 'Pia');
    const title = `Promote clean energy jobs ${Date.now()}`;
    const priority = await apiCreatePriority(author, { title });
    const { page, context } = await start();
    await signInThroughApi(context, suite.server, uniqueEmail('promoter'));
    const promotePath = new RegExp(`/api/priorities/${priority.id}/promote$`);
    let answer = { status: 200, body: { ok: true } as unknown };
    let release!: () => void;
    let held = new Promise<void>((resolve) => (release = resolve));
    const idempotencyKeys: string[] = [];
    await page.route(promotePath, async (route) => {
      idempotencyKeys.push(route.request().headers()['idempotency-key'] ?? '');
      await held;
      await route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) });
    });
    const userReads: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/user') userReads.push(Date.now());
    });
    await page.goto('/priorities');
    const card = cardOf(allPriorities(page), title);
    const lockOf = await watchPromoteLock(card.getByRole('button', { name: 'Promote' }));
    await card.getByRole('button', { name: 'Promote' }).click();
    await card.getByRole('button', { name: 'Promoting...' }).waitFor();
    assert.equal(await card.getByRole('button', { name: 'Promoting...' }).isDisabled(), true);
    const readsBefore = userReads.length;
    release();
    const promoted = toastArea(page).filter({ hasText: 'Priority promoted' });
    await promoted.getByText("You've successfully promoted this priority using 50 political capital.", { exact: true }).waitFor();
    const lock = await lockOf();
    assert.equal(lock.lockedWhenLabelReturned, true, 'locked right after');
    assert.equal(lock.enabledBeforeUnlock, false, 'locked without a gap');
    const promote = card.getByRole('button', { name: 'Promote' });
    assert.ok(userReads.length > readsBefore, 'the current user is read again (balance)');

    held = Promise.resolve();
    answer = { status: 402, body: { message: 'Insufficient political capital', code: 'LEDGER_INSUFFICIENT_FUNDS' } };
    await promote.click();
    await toastArea(page).getByText("You don't have enough political capital to promote this priority.", { exact: true }).waitFor();
    await page.waitForFunction((el) => !(el as HTMLButtonElement).disabled, await promote.elementHandle(), { timeout: 2500 });

    answer = { status: 500, body: { message: 'Internal Server Error' } };
    await promote.click();
    const failed = toastArea(page).filter({ hasText: 'Failed to promote priority. Please try again.' });
    await failed.getByText('Error', { exact: true }).waitFor();
    // Every click is a purchase of its own: a fresh random key each (a retry of one reuses its key).
    assert.equal(idempotencyKeys.length, 3);
    for (const key of idempotencyKeys) assert.match(key, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(new Set(idempotencyKeys).size, 3);
  });

  test("create failures: the fallback for a server error, the server's message for a refusal it explains", async () => {
    const { page, context } = await start();
    await signInThroughApi(context, suite.server, uniqueEmail('refused'));
    let answer = { status: 500, body: { message: 'Internal Server Error' } as unknown };
    await page.route(/\/api\/priorities$/, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) })
        : route.fallback(),
    );
    await page.goto('/priorities');
    await page.getByRole('button', { name: 'Create Priority' }).first().click();
    const form = page.getByRole('dialog', { name: 'Create New Priority' });
    await form.getByLabel('Title').fill('A perfectly valid title');
    await form.getByLabel('Description').fill(LONG_ENOUGH);
    await form.getByRole('button', { name: 'Create Priority' }).click();
    const failed = toastArea(page).filter({ hasText: 'Failed to create priority. Please try again.' });
    await failed.getByText('Error', { exact: true }).waitFor();
    assert.equal(await form.isVisible(), true, 'the dialog stays open to try again');

    // A refusal the server explains: spec 8's toast all the same, and its message in the dialog.
    answer = { status: 429, body: { message: 'You can create at most 5 priorities per day. Please try again tomorrow.' } };
    await form.getByRole('button', { name: 'Create Priority' }).click();
    await form.getByRole('alert').getByText('You can create at most 5 priorities per day. Please try again tomorrow.', { exact: true }).waitFor();
    await failed.getByText('Error', { exact: true }).waitFor();
    assert.equal(await toastArea(page).filter({ hasText: 'at most 5 priorities per day' }).count(), 0, 'the toast keeps spec 8 text');

    answer = { status: 401, body: { message: 'Unauthorized' } };
    await form.getByRole('button', { name: 'Create Priority' }).click();
    await page.getByText('US citizens only, one account per person', { exact: true }).waitFor();
  });

  test("the daily limit is the server's: its 429 message shows in the dialog", async () => {
    setSetting(suite.server, 'max_priorities_per_user_per_day', '1');
    try {
      const { page, context } = await start();
      await signInThroughApi(context, suite.server, uniqueEmail('limited'));
      await page.goto('/priorities');
      for (const attempt of [1, 2]) {
        await page.getByRole('button', { name: 'Create Priority' }).first().click();
        const form = page.getByRole('dialog', { name: 'Create New Priority' });
        await form.getByLabel('Title').fill(`Daily limit attempt ${attempt} ${Date.now()}`);
        await form.getByLabel('Description').fill(LONG_ENOUGH);
        await form.getByRole('button', { name: 'Create Priority' }).click();
        if (attempt === 1) await form.waitFor({ state: 'detached' });
        else await form.getByRole('alert').getByText('You can create at most 1 priority per day. Please try again tomorrow.', { exact: true }).waitFor();
      }
    } finally {
      setSetting(suite.server, 'max_priorities_per_user_per_day', '1000');
    }
  });

  test('phone width: the dashboard and All Priorities stack into one column', async () => {
    const { page, context, errors } = await start({ viewport: PHONE_VIEWPORT });
    await signInThroughApi(context, suite.server, uniqueEmail('phone'));
    const author = await apiCitizen(suite.server, 'Phoebe');
    const economy = await issueOf(author, 'Economy');
    await apiCreatePriority(author, { title: `A priority on a small screen ${Date.now()}`, issueId: economy.id });
    await page.goto('/');
    await topPriorities(page).getByRole('article').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling on the dashboard (${overflow}px)`);
    await page.goto('/priorities');
    await allPriorities(page).getByRole('article').first().waitFor();
    const overflowAll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflowAll <= 0, `no sideways scrolling on All Priorities (${overflowAll}px)`);
    assert.deepEqual(errors, []);
  });
});
