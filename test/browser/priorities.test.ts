/// <reference lib="dom" />
// Priorities in Chromium through the gateway and shell (spec 2.5, 2.6, 2.13, 4, 5, 8, 9): the
// stat tiles and their fallback, the empty platform, creating a priority through the dialog (a
// validation error first), endorsing and opposing with their toasts, the counts changing in a
// second browser without a reload (the failure toasts: priority-failures.test.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { signInThroughApi, toastArea, uniqueEmail, waitForDashboard } from './browser-helpers.ts';
import { allPriorities, apiCitizen, apiCreatePriority, apiVote, BULK_ENV, cardOf, fulfillWith, LONG_ENOUGH, topPriorities } from './priority-helpers.ts';
import { useBrowserTestServer } from '../support/browser-suite.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';

/** Waits until the dashboard's Political Capital card shows `amount` as the balance. */
const balanceShown = (page: Page, amount: number) =>
  page
    .getByRole('region', { name: 'Political Capital Activity' })
    .getByText(`${amount.toLocaleString('en-US')} PC`, { exact: true })
    .waitFor();

/** The tiles' figures by label, once /api/stats (or its fallback) is shown. */
async function tileFigures(page: Page): Promise<Record<string, string>> {
  const stats = page.getByRole('region', { name: 'Platform statistics' });
  await stats.locator('dd:not([aria-busy])').first().waitFor();
  const terms = await stats.getByRole('term').allInnerTexts();
  const values = await stats.getByRole('definition').allInnerTexts();
  return Object.fromEntries(terms.map((term, index) => [term, values[index]!]));
}

describe('priorities: dashboard, cards, create dialog and live counts', { skip: browserTestsSkip() }, () => {
  // Endorse, take back and oppose again within one test: the vote-change cooldown is the service's
  // concern (its own tests); here it is off.
  const suite = useBrowserTestServer({ env: BULK_ENV, settings: { vote_change_cooldown_hours: '0', max_priorities_per_user_per_day: '1000' } });
  const start = suite.start.bind(suite);

  test('an empty platform: the tiles show /api/stats, both lists say "No priorities yet"', async () => {
    const { page, context, errors } = await start();
    await signInThroughApi(context, suite.server, uniqueEmail('empty'));
    const stats = (await (await context.request.get('/api/stats')).json()) as Record<string, number>;
    await page.goto('/');
    await waitForDashboard(page);
    await page.getByRole('heading', { level: 1, name: "Shape America's Future" }).waitFor();
    assert.deepEqual(await tileFigures(page), {
      'Active Issues': String(stats.totalIssues),
      'Citizen Priorities': String(stats.totalPriorities),
      'Active Citizens': String(stats.activeCitizens),
      'Talking Points': String(stats.briefingDocs),
    });
    assert.equal(stats.totalIssues, 151, 'the catalogue ships 151 issues');
    await page.getByRole('heading', { level: 2, name: 'Top Priorities This Week' }).waitFor();
    await page.getByText('No priorities yet', { exact: true }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'View All Priorities' }).count(), 0);

    // Explore Issues leads to All Priorities, which is empty too.
    await page.getByRole('button', { name: 'Explore Issues' }).click();
    await page.getByRole('heading', { level: 1, name: 'All Priorities' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/priorities');
    await page.getByText('No priorities yet', { exact: true }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Load More Priorities' }).count(), 0);
    const nav = page.getByRole('navigation', { name: 'Main' });
    assert.equal(await nav.getByRole('link', { name: 'Priorities' }).getAttribute('aria-current'), 'page');
    assert.deepEqual(errors, []);
  });

  test('the tiles fall back to spec 9 figures when /api/stats fails, or for a figure its answer lacks', async () => {
    const { page, context } = await start();
    await signInThroughApi(context, suite.server, uniqueEmail('fallback'));
    await fulfillWith(page, 'GET', /\/api\/stats$/, 503, { message: 'down' });
    await page.goto('/');
    assert.deepEqual(await tileFigures(page), {
      'Active Issues': '151',
      'Citizen Priorities': '1547',
      'Active Citizens': '9050',
      'Talking Points': '2684',
    });

    await page.unroute(/\/api\/stats$/);
    await fulfillWith(page, 'GET', /\/api\/stats$/, 200, { totalIssues: 151, totalPriorities: 3, activeCitizens: 12 });
    await page.reload();
    assert.deepEqual(await tileFigures(page), {
      'Active Issues': '151',
      'Citizen Priorities': '3',
      'Active Citizens': '12',
      'Talking Points': '2684',
    });
  });

  test('the sidebar: quick actions, the network counts, and the recent activity feed of the user', async () => {
    const { page, context, errors } = await start();
    const user = await signInThroughApi(context, suite.server, uniqueEmail('sidebar'));
    const activityReads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/activities') activityReads.push(url.search);
    });
    await page.goto('/');
    const quick = page.getByRole('region', { name: 'Quick Actions' });
    for (const name of ['Create Priority', 'Submit Talking Point', 'Find Citizens']) await quick.getByRole('button', { name }).waitFor();
    const network = page.getByRole('region', { name: 'Your Network' });
    assert.deepEqual(await network.getByRole('term').allInnerTexts(), ['Followers', 'Following', 'Recruited']);
    assert.deepEqual(await network.getByRole('definition').allInnerTexts(), [String(user.followers), String(user.following), '0']);
    for (const name of ['Latest from Briefing Room', 'Political Capital Activity', 'Recent Activity']) {
      await page.getByRole('region', { name }).waitFor();
    }
    await page
      .getByRole('region', { name: 'Recent Activity' })
      .getByText(/No recent activity/)
      .waitFor();
    assert.deepEqual(activityReads, ['?limit=10']);
    await quick.getByRole('button', { name: 'Create Priority' }).click();
    await page.getByRole('dialog', { name: 'Create New Priority' }).waitFor();
    assert.deepEqual(errors, []);
  });

  test('create through the dialog: spec 5 messages first and nothing sent, then "Priority created" and the new card', async () => {
    const { page, context, errors } = await start();
    const user = await signInThroughApi(context, suite.server, uniqueEmail('creator'), { firstName: 'Clara', lastName: 'Creator' });
    const posts: unknown[] = [];
    const userReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/user') userReads.push(request.url());
    });
    const idempotencyKeys: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/api/priorities') return;
      posts.push(request.postDataJSON());
      idempotencyKeys.push(request.headers()['idempotency-key']);
    });
    const issueReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/issues') issueReads.push(request.url());
    });
    await page.goto('/');
    await waitForDashboard(page);
    assert.deepEqual(issueReads, [], 'the issue list waits for the dialog');
    // The daily login's +1 first (spec 9).
    await balanceShown(page, user.politicalCapital + 1);
    const userReadsBefore = userReads.length;
    await page.getByRole('button', { name: 'Create New Priority' }).click();
    const form = page.getByRole('dialog', { name: 'Create New Priority' });
    await form.waitFor();

    await form.getByLabel('Title').fill('Too short');
    await form.getByLabel('Description').fill('Also too short.');
    await form.getByRole('button', { name: 'Create Priority' }).click();
    await form.getByText('Title must be at least 10 characters', { exact: true }).waitFor();
    await form.getByText('Description must be at least 50 characters', { exact: true }).waitFor();
    assert.equal(posts.length, 0, 'an invalid form sends nothing');
    await form.getByLabel('Title').fill('x'.repeat(201));
    await form.getByLabel('Description').fill('y'.repeat(1001));
    await form.getByRole('button', { name: 'Create Priority' }).click();
    await form.getByText('Title must be less than 200 characters', { exact: true }).waitFor();
    await form.getByText('Description must be less than 1000 characters', { exact: true }).waitFor();
    assert.equal(posts.length, 0);

    const title = `Fund rural hospitals ${Date.now()}`;
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill(LONG_ENOUGH);
    const picker = form.getByLabel('Related issue (optional)');
    await picker.locator('optgroup[label="Healthcare"] option').first().waitFor({ state: 'attached' });
    assert.equal(issueReads.length, 1, 'the issue list is read once the dialog is used');
    const issueValue = await picker.locator('optgroup[label="Healthcare"] option').first().getAttribute('value');
    await picker.selectOption(issueValue!);
    await form.getByRole('button', { name: 'Create Priority' }).click();

    const created = toastArea(page).filter({ hasText: 'Priority created' });
    await created.getByText('Priority created', { exact: true }).waitFor();
    await created.getByText(/\+5 PC/).waitFor();
    await form.waitFor({ state: 'detached' });
    assert.deepEqual(posts, [{ title, description: LONG_ENOUGH, issueId: Number(issueValue) }]);
    // The +5 the ledger credits from the creation's event shows from the answer, without asking auth.
    await balanceShown(page, user.politicalCapital + 1 + 5);
    assert.equal(userReads.length, userReadsBefore, 'the current user is not read again');

    const card = cardOf(topPriorities(page), title);
    await card.waitFor();
    await card.getByText('Clara Creator', { exact: true }).waitFor();
    await card.getByText('Less than an hour ago').waitFor();
    await card.getByText('Healthcare', { exact: true }).waitFor();
    await card.getByText('0 endorsements', { exact: true }).waitFor();
    await card.getByText('0 oppositions', { exact: true }).waitFor();
    // The category badge has its own colour (spec 2.6).
    const badgeClass = await card.getByText('Healthcare', { exact: true }).getAttribute('class');
    assert.match(badgeClass ?? '', /bg-red-100/);

    // "none" leaves the issue unset.
    await page.getByRole('button', { name: 'Create New Priority' }).click();
    const again = page.getByRole('dialog', { name: 'Create New Priority' });
    assert.equal(await again.getByLabel('Title').inputValue(), '', 'a new dialog starts empty');
    const plain = `Plain priority without an issue ${Date.now()}`;
    await again.getByLabel('Title').fill(plain);
    await again.getByLabel('Description').fill(LONG_ENOUGH);
    await again.getByLabel('Related issue (optional)').selectOption('none');
    await again.getByRole('button', { name: 'Create Priority' }).click();
    await again.waitFor({ state: 'detached' });
    assert.deepEqual(posts[1], { title: plain, description: LONG_ENOUGH });
    // A fresh Idempotency-Key per submit (issue 14 item 6), as Promote sends one per click.
    assert.equal(idempotencyKeys.length, 2);
    for (const key of idempotencyKeys) assert.match(key ?? '', /^[0-9a-f-]{36}$/);
    assert.notEqual(idempotencyKeys[0], idempotencyKeys[1]);
    await cardOf(topPriorities(page), plain).waitFor();
    await balanceShown(page, user.politicalCapital + 1 + 5 + 5);
    assert.deepEqual(errors, []);
  });

  test('endorse and oppose: toasts, counts, taking a vote back, and a second browser sees the counts without reloading', async () => {
    const author = await apiCitizen(suite.server, 'Avery');
    const title = `Invest in high-speed rail ${Date.now()}`;
    await apiCreatePriority(author, { title });

    const voter = await start();
    await signInThroughApi(voter.context, suite.server, uniqueEmail('voter'));
    const watcher = await start();
    await signInThroughApi(watcher.context, suite.server, uniqueEmail('watcher'));
    await voter.page.goto('/priorities');
    await watcher.page.goto('/');
    const mine = cardOf(allPriorities(voter.page), title);
    const theirs = cardOf(topPriorities(watcher.page), title);
    await mine.waitFor();
    await theirs.waitFor();
    // A marker that a reload would wipe out.
    await watcher.page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    // Both buttons wait while the request runs.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await voter.page.route('**/api/priorities/*/vote', async (route) => {
      await held;
      await route.fallback();
    });
    await mine.getByRole('button', { name: 'Endorse' }).click();
    await mine.locator('button:disabled', { hasText: 'Oppose' }).waitFor();
    assert.equal(await mine.getByRole('button', { name: 'Endorse' }).isDisabled(), true);
    release();
    const recorded = toastArea(voter.page).filter({ hasText: 'Vote recorded' });
    await recorded.getByText('Your vote has been recorded successfully.', { exact: true }).waitFor();
    await mine.getByText('1 endorsement', { exact: true }).waitFor();
    assert.equal(await mine.getByRole('button', { name: 'Endorse' }).getAttribute('aria-pressed'), 'true');
    await voter.page.unroute('**/api/priorities/*/vote');

    // Live: the other browser's count changes within a second or two, without a reload.
    const seenAt = Date.now();
    await theirs.getByText('1 endorsement', { exact: true }).waitFor({ timeout: 3000 });
    assert.ok(Date.now() - seenAt < 3000);
    assert.equal(await watcher.page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere), true, 'no reload');

    // Pressing the current vote takes it back.
    await mine.getByRole('button', { name: 'Endorse' }).click();
    await toastArea(voter.page).filter({ hasText: 'Vote removed' }).getByText('Your vote has been removed.', { exact: true }).waitFor();
    await mine.getByText('0 endorsements', { exact: true }).waitFor();
    await theirs.getByText('0 endorsements', { exact: true }).waitFor({ timeout: 3000 });

    // The other button records that vote.
    await mine.getByRole('button', { name: 'Oppose' }).click();
    await toastArea(voter.page).filter({ hasText: 'Vote recorded' }).waitFor();
    await mine.getByText('1 opposition', { exact: true }).waitFor();
    assert.equal(await mine.getByRole('button', { name: 'Oppose' }).getAttribute('aria-pressed'), 'true');
    await theirs.getByText('1 opposition', { exact: true }).waitFor({ timeout: 3000 });
    // Endorse while opposing switches the vote.
    await mine.getByRole('button', { name: 'Endorse' }).click();
    await mine.getByText('1 endorsement', { exact: true }).waitFor();
    await mine.getByText('0 oppositions', { exact: true }).waitFor();
    await theirs.getByText('1 endorsement', { exact: true }).waitFor({ timeout: 3000 });
    await theirs.getByText('0 oppositions', { exact: true }).waitFor({ timeout: 3000 });

    // A vote cast anywhere else (the API) reaches both pages too.
    const other = await apiCitizen(suite.server, 'Olive');
    const priorityId = await mine.getAttribute('data-priority-id');
    await apiVote(other, priorityId!, 'endorse');
    await mine.getByText('2 endorsements', { exact: true }).waitFor({ timeout: 3000 });
    await theirs.getByText('2 endorsements', { exact: true }).waitFor({ timeout: 3000 });
    assert.equal(await watcher.page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere), true, 'no reload');
    assert.deepEqual(voter.errors, []);
    assert.deepEqual(watcher.errors, []);
  });

  test('live: a priority created elsewhere appears on an open All Priorities page', async () => {
    const { page, context, errors } = await start();
    await signInThroughApi(context, suite.server, uniqueEmail('live'));
    await page.goto('/priorities');
    await allPriorities(page).waitFor();
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    const author = await apiCitizen(suite.server, 'Nadia');
    const title = `Expand broadband to rural towns ${Date.now()}`;
    await apiCreatePriority(author, { title });
    await cardOf(allPriorities(page), title).waitFor({ timeout: 3000 });
    assert.equal(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere), true);
    assert.deepEqual(errors, []);
  });
});
