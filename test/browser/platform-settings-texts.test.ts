/// <reference lib="dom" />
// Citizens' texts follow the platform settings (issue 19): an administrator changes the daily login
// bonus, the recruit reward and the promotion cost through PUT /api/admin/settings, and a citizen's
// pages quote the new amounts: the dashboard's ways to earn, the Network page's recruit card and the
// promote toast's "using N political capital" (with N charged). While GET /api/platform-settings
// fails, spec 9's defaults are shown. Phone width (390 px).
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { useBrowserTestServer } from '../support/browser-suite.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';
import { adminClient, adminEnv, putSetting, waitForPhoneDashboard } from './admin-api-helpers.ts';
import { signInThroughApi, toastArea, uniqueEmail } from './browser-helpers.ts';
import { allPriorities, apiCitizen, apiCreatePriority, cardOf } from './priority-helpers.ts';

const PHONE_390 = { width: 390, height: 844 } as const;

const waysToEarn = (page: Page) => page.getByRole('region', { name: 'Political Capital Activity' }).getByRole('list').last();

/** The amount the dashboard's "Ways to earn PC" list (the card's last list) shows for `action`. */
async function wayToEarn(page: Page, action: string): Promise<string> {
  const row = waysToEarn(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(action, { exact: true }) });
  return (await row.locator('span').last().textContent()) ?? '';
}

describe("citizens' texts follow the platform settings", { skip: browserTestsSkip() }, () => {
  const suite = useBrowserTestServer({ env: adminEnv() });
  const reset: Array<() => Promise<void>> = [];
  after(async () => {
    for (const undo of reset) await undo().catch(() => undefined);
  });

  test("spec 9's defaults while GET /api/platform-settings fails", async () => {
    const { page, context } = await suite.start({ viewport: PHONE_390 });
    await signInThroughApi(context, suite.server, uniqueEmail('defaults'));
    await page.route('**/api/platform-settings', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }));
    await page.goto('/');
    await waitForPhoneDashboard(page);
    await waysToEarn(page).getByText('Daily login', { exact: true }).waitFor();
    assert.equal(await wayToEarn(page, 'Daily login'), '+1 PC');
    assert.equal(await wayToEarn(page, 'Recruit a citizen'), '+10 PC');
  });

  test('an administrator changes the amounts; the ways to earn, the recruit card and the promote toast quote them', async () => {
    const admin = await adminClient(suite);
    reset.push(
      () => putSetting(admin, 'daily_login_bonus', '1'),
      () => putSetting(admin, 'recruit_user_reward', '10'),
      () => putSetting(admin, 'priority_promotion_cost', '50'),
    );
    await putSetting(admin, 'daily_login_bonus', '3');
    await putSetting(admin, 'recruit_user_reward', '25');
    await putSetting(admin, 'priority_promotion_cost', '7');

    const title = `Fix the bridges ${Date.now()}`;
    await apiCreatePriority(await apiCitizen(suite.server, 'Ruth'), { title });
    const { page, context, errors } = await suite.start({ viewport: PHONE_390 });
    // 10 PC to start (initial_political_capital), enough for a promotion at 7.
    const citizen = await signInThroughApi(context, suite.server, uniqueEmail('texts'));

    await page.goto('/');
    await waitForPhoneDashboard(page);
    await waysToEarn(page).getByText('+3 PC', { exact: true }).waitFor();
    assert.equal(await wayToEarn(page, 'Daily login'), '+3 PC');
    assert.equal(await wayToEarn(page, 'Recruit a citizen'), '+25 PC');
    assert.equal(await wayToEarn(page, 'Create a priority'), '+5 PC', 'the creation reward is not a setting');

    await page.goto('/network');
    await page
      .getByRole('region', { name: 'Recruit Citizens' })
      .getByText('Invite people you know. You earn +25 PC for every citizen who joins through your link.', { exact: true })
      .waitFor();

    await page.goto('/priorities');
    const promote = cardOf(allPriorities(page), title).getByRole('button', { name: 'Promote' });
    await promote.click();
    await toastArea(page)
      .filter({ hasText: 'Priority promoted' })
      .getByText("You've successfully promoted this priority using 7 political capital.", { exact: true })
      .waitFor();
    const transactions = (await (await context.request.get('/api/political-capital/transactions')).json()) as Array<{ amount: number }>;
    assert.equal(transactions[0]?.amount, -7, 'the charge the toast names');
    assert.ok(citizen.politicalCapital >= 7);
    assert.deepEqual(errors, []);
  });
});
