/// <reference lib="dom" />
// Political capital on the dashboard in Chromium (spec 2.2, 2.5, 8, 9): the daily-login credit
// requested on load (once a day, however often the page loads), the Political Capital Activity card
// with the latest transactions and the ways to earn, the balance in the phone drawer updated after
// the credit, and a failed daily login shown as a toast titled "Error".
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { newSession, PHONE_VIEWPORT, type BrowserSession } from '../support/browser.ts';
import { useBrowserTestServer } from '../support/browser-suite.ts';
import { answerNamePrompt, csrfHeaders, dialog, signInThroughApi, toastArea, uniqueEmail } from './browser-helpers.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';

const capitalCard = (page: Page) => page.getByRole('region', { name: 'Political Capital Activity' });

async function transactionsOf(page: Page): Promise<Array<{ description: string; amount: number }>> {
  return page.evaluate(async () => (await fetch('/api/political-capital/transactions', { credentials: 'include' })).json());
}

describe('political capital: daily login, activity card and balance', { skip: browserTestsSkip() }, () => {
  const { server } = useBrowserTestServer();
  const sessions: BrowserSession[] = [];

  after(async () => {
    for (const session of sessions) await session.close().catch(() => undefined);
  });

  const start = async (options: Parameters<typeof newSession>[1] = {}) => {
    const session = await newSession(server.baseUrl, options);
    sessions.push(session);
    return session;
  };

  test('the dashboard asks for the daily login once a day: the card lists it with the initial capital', async () => {
    const { page, context, errors } = await start();
    await signInThroughApi(context, server, uniqueEmail('daily'));
    const dailyLogins: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/daily-login') dailyLogins.push(request.method());
    });
    await page.goto('/');
    const card = capitalCard(page);
    const latest = card.getByRole('list', { name: 'Latest transactions' });
    // Newest first: the daily login, then the initial capital (spec 9: +1 and 10).
    await latest.getByText('Daily login bonus', { exact: true }).waitFor();
    const items = await latest.getByRole('listitem').allInnerTexts();
    assert.equal(items.length, 2);
    assert.match(items[0]!, /Daily login bonus[\s\S]*\+1 PC/);
    assert.match(items[1]!, /Initial political capital[\s\S]*\+10 PC/);
    await card.getByText('11 PC', { exact: true }).waitFor();
    for (const way of ['Create a priority', 'Create a briefing document', 'Daily login', 'Recruit a citizen']) {
      await card.getByText(way, { exact: true }).waitFor();
    }
    assert.deepEqual(dailyLogins, ['POST']);

    // Loading the dashboard again asks again, and the ledger pays nothing more today.
    await page.reload();
    await latest.getByText('Initial political capital', { exact: true }).waitFor();
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/api/daily-login')));
    assert.deepEqual(dailyLogins, ['POST', 'POST']);
    const transactions = await transactionsOf(page);
    assert.equal(transactions.filter((t) => t.description === 'Daily login bonus').length, 1);
    assert.equal((await latest.getByRole('listitem').allInnerTexts()).length, 2);
    assert.deepEqual(errors, []);
  });

  test('at phone width the drawer shows the balance with the daily credit in it', async () => {
    const { page, context } = await start({ viewport: PHONE_VIEWPORT });
    await signInThroughApi(context, server, uniqueEmail('drawer'));
    await page.goto('/');
    await capitalCard(page).getByText('Daily login bonus', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const account = page.getByRole('dialog', { name: 'Menu' }).getByRole('region', { name: 'Your account' });
    await account.getByText('11 PC').waitFor();
  });

  test('a daily login the server refuses is a toast titled "Error"; nothing is credited', async () => {
    const { page, context } = await start();
    await signInThroughApi(context, server, uniqueEmail('refused'));
    await page.route(/\/api\/daily-login$/, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The ledger service could not answer right now. Please try again.' }),
      }),
    );
    await page.goto('/');
    const toast = toastArea(page).filter({ hasText: 'The ledger service could not answer right now. Please try again.' });
    await toast.getByText('Error', { exact: true }).waitFor();
    await capitalCard(page).getByText('Initial political capital', { exact: true }).waitFor();
    assert.equal((await transactionsOf(page)).length, 1);
  });

  test("the balance the daily login answers shows at once, and a read of auth's copy that has not caught up does not put the old one back", async () => {
    const { page, context } = await start();
    // Nameless, so the name prompt's answer reads the current user again after the credit.
    const user = await signInThroughApi(context, server, uniqueEmail('trailing'), { firstName: null });
    // Distributed, auth applies the ledger's balance event a moment after the ledger answers: reads
    // after the daily login may still carry the old balance. Played here by answering every read
    // after it with the balance from before.
    let credited = false;
    let staleAnswers = 0;
    await page.route(/\/api\/daily-login$/, async (route) => {
      const answer = await route.fetch();
      credited = true;
      await route.fulfill({ response: answer });
    });
    await page.route(/\/api\/auth\/user$/, async (route) => {
      const answer = await route.fetch();
      if (!credited) return route.fulfill({ response: answer });
      staleAnswers += 1;
      const body = { ...(await answer.json()), politicalCapital: user.politicalCapital };
      return route.fulfill({ response: answer, body: JSON.stringify(body) });
    });
    await page.goto('/');
    const card = capitalCard(page);
    await card.getByText('Daily login bonus', { exact: true }).waitFor();
    await card.getByText(`${user.politicalCapital + 1} PC`, { exact: true }).waitFor();
    assert.equal(staleAnswers, 0, 'the credit is shown from the answer, without asking auth');

    // The prompt goes once the current user, read again, has the name: that read gave the old balance.
    await answerNamePrompt(page, 'Trailing');
    assert.ok(staleAnswers >= 1, 'the current user was read again, and auth answered the old balance');
    assert.equal(await card.getByText(`${user.politicalCapital + 1} PC`, { exact: true }).count(), 1);
    assert.equal(await card.getByText(`${user.politicalCapital} PC`, { exact: true }).count(), 0);
  });

  test('an unauthorized daily login opens the sign-in dialog, with no toast', async () => {
    const { page, context } = await start();
    await signInThroughApi(context, server, uniqueEmail('expired'));
    // The session ends (signed out elsewhere, expired) just before the dashboard asks.
    const statuses: number[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/daily-login') statuses.push(r.status());
    });
    await page.route(/\/api\/daily-login$/, async (route) => {
      const loggedOut = await context.request.post('/api/auth/logout', { headers: await csrfHeaders(context) });
      assert.equal(loggedOut.status(), 200, await loggedOut.text());
      await route.continue();
    });
    await page.goto('/');
    await dialog(page).getByText('US citizens only, one account per person', { exact: true }).waitFor();
    // The stale CSRF token (bound to the ended session) is refused first, the retry is unauthorized.
    assert.equal(statuses.at(-1), 401);
    assert.equal(await toastArea(page).count(), 0, 'no error toast for a 401');
  });
});
