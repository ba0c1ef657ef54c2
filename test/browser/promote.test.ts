/// <reference lib="dom" />
// Promote in Chromium against the real stack (spec 2.2, 2.6, 4, 8, 9; issue 5): with 120 PC the
// button shows "Promoting...", the success toast follows, the button stays locked about a second,
// the balance in the phone drawer drops by 50 and the dashboard card lists the debit; the request's
// Idempotency-Key sent again charges nothing more. With 10 PC the insufficient-capital toast shows
// and nothing is charged. The own profile, opened without a reload, shows each new balance.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LEDGER_DESCRIPTIONS, type TPromotionResult } from '@civic/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { PHONE_VIEWPORT } from '../support/browser.ts';
import { csrfHeaders, signInThroughApi, toastArea, uniqueEmail, type SignedInUser } from './browser-helpers.ts';
import { allPriorities, apiCitizen, apiCreatePriority, BULK_ENV, cardOf, watchPromoteLock } from './priority-helpers.ts';
import { setSetting, useBrowserTestServer } from '../support/browser-suite.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';

const PROMOTED = 'Priority promoted';
const PROMOTED_DESCRIPTION = "You've successfully promoted this priority using 50 political capital.";
const INSUFFICIENT = "You don't have enough political capital to promote this priority.";
const PROMOTION = LEDGER_DESCRIPTIONS.debit.promote_priority;

/** Opens the phone drawer, waits for `balance` in its account section, and closes it again. */
async function expectDrawerBalance(page: Page, balance: string): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.getByRole('region', { name: 'Your account' }).getByText(`Political capital: ${balance}`, { exact: true }).waitFor();
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });
}

/** Follows the drawer's Profile link (a navigation inside the page, not a load). */
async function openOwnProfile(page: Page): Promise<void> {
  // A toast may sit over the menu button at phone width: closed as a user would.
  for (const close of await toastArea(page).getByRole('button', { name: 'Close notification' }).all()) await close.click().catch(() => undefined);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Profile', exact: true }).click();
  await page.waitForURL(/\/profile\//);
}

/** The own profile's Political Capital figure. */
async function expectProfileBalance(page: Page, balance: string): Promise<void> {
  const stat = page.locator('dl > div').filter({ has: page.getByText('Political Capital', { exact: true }) });
  await stat.getByText(balance, { exact: true }).waitFor();
}

/** The user's transactions as the ledger lists them (newest first), description and amount only. */
async function transactionsOf(context: BrowserContext): Promise<Array<{ description: string; amount: number }>> {
  const answer = await context.request.get('/api/political-capital/transactions');
  assert.equal(answer.status(), 200, await answer.text());
  const list = (await answer.json()) as Array<{ description: string; amount: number }>;
  return list.map(({ description, amount }) => ({ description, amount }));
}

describe('promote: the real endpoint, the balance and the toasts', { skip: browserTestsSkip() }, () => {
  const suite = useBrowserTestServer({ env: BULK_ENV });
  const start = () => suite.start({ viewport: PHONE_VIEWPORT });

  /** A new citizen who starts with `capital` PC (initial_political_capital while their account opens). */
  async function signInWithCapital(context: BrowserContext, label: string, capital: number): Promise<SignedInUser> {
    setSetting(suite.server, 'initial_political_capital', String(capital));
    try {
      // Returns once the initial credit reached GET /api/auth/user, so the setting was read by then.
      const user = await signInThroughApi(context, suite.server, uniqueEmail(label));
      assert.equal(user.politicalCapital, capital);
      return user;
    } finally {
      setSetting(suite.server, 'initial_political_capital', '10');
    }
  }

  async function priorityToPromote(title: string) {
    return apiCreatePriority(await apiCitizen(suite.server, 'Rosa'), { title });
  }

  test('120 PC: "Promoting...", the toast, locked about a second, the drawer shows 70 PC, the card lists the debit, the own profile follows', async () => {
    const title = `Modernize the power grid ${Date.now()}`;
    const priority = await priorityToPromote(title);
    const { page, context, errors } = await start();
    await signInWithCapital(context, 'rich', 120);
    const promotePath = new RegExp(`/api/priorities/${priority.id}/promote$`);
    // Held in the browser until released, so "Promoting..." can be seen; then sent to the server.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(promotePath, async (route) => {
      await held;
      await route.continue();
    });

    await page.goto('/priorities');
    await expectDrawerBalance(page, '120 PC');
    const card = cardOf(allPriorities(page), title);
    const lockOf = await watchPromoteLock(card.getByRole('button', { name: 'Promote' }));
    await card.getByRole('button', { name: 'Promote' }).click();
    const promoting = card.getByRole('button', { name: 'Promoting...' });
    await promoting.waitFor();
    assert.equal(await promoting.isDisabled(), true, 'disabled during the request');

    const answered = page.waitForResponse((r) => promotePath.test(new URL(r.url()).pathname));
    release();
    const response = await answered;
    assert.equal(response.status(), 200, await response.text());
    const toast = toastArea(page).filter({ hasText: PROMOTED });
    await toast.getByText(PROMOTED_DESCRIPTION, { exact: true }).waitFor();
    const lock = await lockOf();
    assert.equal(lock.lockedWhenLabelReturned, true, 'locked right after');
    assert.equal(lock.enabledBeforeUnlock, false, 'locked without a gap');
    const locked = lock.lockedAfterAnswer!;
    assert.ok(locked >= 990 && locked < 1500, `locked about a second after the answer (${locked} ms)`);

    // At phone width the toast sits over the navbar's menu button: closed as a user would.
    await toast.getByRole('button', { name: 'Close notification' }).click();
    await expectDrawerBalance(page, '70 PC');

    // The same request again (a retry after a lost answer) with its Idempotency-Key: the same answer, no new charge.
    const key = (await response.request().allHeaders())['idempotency-key'];
    assert.ok(key, 'the promotion carries an Idempotency-Key');
    const again = await context.request.post(`/api/priorities/${priority.id}/promote`, {
      headers: { ...(await csrfHeaders(context)), 'Idempotency-Key': key },
    });
    assert.equal(again.status(), 200, await again.text());
    assert.deepEqual((await again.json()) as TPromotionResult, (await response.json()) as TPromotionResult);
    assert.deepEqual(await transactionsOf(context), [
      { description: PROMOTION, amount: -50 },
      { description: 'Initial political capital', amount: 120 },
    ]);

    // The dashboard: the debit among the latest transactions, after the daily login's +1 (71 PC).
    await page.goto('/');
    const latest = page.getByRole('region', { name: 'Political Capital Activity' }).getByRole('list', { name: 'Latest transactions' });
    await latest.getByText('Daily login bonus', { exact: true }).waitFor();
    const items = await latest.getByRole('listitem').allInnerTexts();
    assert.match(items[0]!, /Daily login bonus[\s\S]*\+1 PC/);
    assert.match(items[1]!, new RegExp(`${PROMOTION}[\\s\\S]*-50 PC`));
    await expectDrawerBalance(page, '71 PC');

    // The own profile, reached through the drawer without a reload, shows the same balance; a second
    // promotion made on the way back shows there too.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await openOwnProfile(page);
    await expectProfileBalance(page, '71 PC');
    await page.goto('/priorities');
    await cardOf(allPriorities(page), title).getByRole('button', { name: 'Promote' }).click();
    await toastArea(page).getByText(PROMOTED_DESCRIPTION, { exact: true }).first().waitFor();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await openOwnProfile(page);
    await expectProfileBalance(page, '21 PC');
    assert.equal(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), true, 'no page load on the way');
    assert.deepEqual(errors, []);
  });

  test('10 PC: the insufficient-capital toast, locked about a second, nothing charged', async () => {
    const title = `Expand rural broadband access ${Date.now()}`;
    await priorityToPromote(title);
    const { page, context } = await start();
    await signInWithCapital(context, 'poor', 10);
    await page.goto('/priorities');
    const card = cardOf(allPriorities(page), title);
    const answered = page.waitForResponse((r) => r.url().endsWith('/promote'));
    const lockOf = await watchPromoteLock(card.getByRole('button', { name: 'Promote' }));
    await card.getByRole('button', { name: 'Promote' }).click();
    const response = await answered;
    assert.equal(response.status(), 409, await response.text());
    const toast = toastArea(page).filter({ hasText: INSUFFICIENT });
    await toast.getByText('Error', { exact: true }).waitFor();
    const lock = await lockOf();
    assert.equal(lock.lockedWhenLabelReturned, true, 'locked right after');
    assert.equal(lock.enabledBeforeUnlock, false, 'locked without a gap');
    const locked = lock.lockedAfterAnswer!;
    assert.ok(locked >= 990 && locked < 1500, `locked about a second after the answer (${locked} ms)`);

    await toast.getByRole('button', { name: 'Close notification' }).click();
    await expectDrawerBalance(page, '10 PC');
    assert.deepEqual(await transactionsOf(context), [{ description: 'Initial political capital', amount: 10 }]);
  });
});
