/// <reference lib="dom" />
// The Issues page in Chromium against the real stack (issue 38): the navigation's Issues link opens
// /issues with every issue by category, its priority count and top priority; the search box narrows
// them; an issue's page lists its priorities with the same cards, a vote there is recorded and one
// cast elsewhere shows live; an unknown issue says so. At desktop and phone width, axe clean.
// Administrators reach /admin from the user menu (and the phone drawer); a citizen has no such entry.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { TIssuePage, TIssueSummary } from '@civic/contracts';
import type { Page } from 'playwright-core';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT } from '../support/browser.ts';
import { setSetting, useBrowserTestServer } from '../support/browser-suite.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';
import { pollUntil } from '../support/poll.ts';
import { adminEmail, adminHeading, adminServerEnv, signInAsAdmin } from './admin-helpers.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { signInThroughApi, toastArea, uniqueEmail, waitForDashboard } from './browser-helpers.ts';
import { apiCitizen, apiCreatePriority, apiVote, cardOf } from './priority-helpers.ts';

const ISSUE = 'Carbon pricing';
const ADMIN = adminEmail('issues');

const issueLink = (page: Page, title: string) => page.getByRole('link', { name: title });

/** The id of the priority at `position` (1-based) of an issue's first page. */
async function lastIdOf(citizen: { client: { get<T>(path: string): Promise<{ body: T }> } }, issueId: number, position: number): Promise<string> {
  const page = (await citizen.client.get<TIssuePage>(`/api/issues/${issueId}?limit=${position}`)).body;
  return page.priorities[position - 1]!.id;
}

async function expectAccessible(page: Page, what: string): Promise<void> {
  for (const viewport of [DESKTOP_VIEWPORT, PHONE_VIEWPORT]) {
    await page.setViewportSize(viewport);
    await expectNoSeriousA11yViolations(page, `${what} at ${viewport.width} px`);
  }
  await page.setViewportSize(DESKTOP_VIEWPORT);
}

describe("the Issues page and an issue's page", { skip: browserTestsSkip() }, () => {
  const suite = useBrowserTestServer({ env: adminServerEnv(ADMIN) });

  test("/issues by category with counts and top priorities, the search, an issue's page and a vote on it", async () => {
    const stamp = Date.now();
    const top = `Border carbon adjustment ${stamp}`;
    const other = `A carbon fee and dividend ${stamp}`;
    const author = await apiCitizen(suite.server, 'Ivy', 'Author');
    const issue = (await author.client.get<TIssueSummary[]>('/api/issues')).body.find((i) => i.title === ISSUE)!;
    const endorsed = await apiCreatePriority(author, { title: top, issueId: issue.id });
    await apiCreatePriority(author, { title: other, issueId: issue.id });
    await apiVote(author, endorsed.id, 'endorse');
    // The catalogue's counts are kept up to a second: wait until they show both.
    await pollUntil(
      () => author.client.get<TIssueSummary[]>('/api/issues'),
      (answer) => answer.body.find((i) => i.id === issue.id)?.priorityCount === 2,
    );

    const { page, context, errors } = await suite.start();
    await signInThroughApi(context, suite.server, uniqueEmail('issues'));
    await page.goto('/');
    await waitForDashboard(page);
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('link', { name: 'Issues' }).click();
    await page.waitForURL(/\/issues$/);
    await page.getByRole('heading', { level: 1, name: 'Issues', exact: true }).waitFor();
    assert.equal(await main.getByRole('link', { name: 'Issues' }).getAttribute('aria-current'), 'page');
    await page.getByRole('status').filter({ hasText: '151 issues' }).waitFor();
    const environment = page.getByRole('list', { name: 'Environment issues' });
    const row = environment.getByRole('link', { name: ISSUE });
    assert.match(await row.innerText(), new RegExp(`2 priorities[\\s\\S]*Top priority: ${top}`));
    for (const category of ['Economy', 'Healthcare', 'Education', 'Environment', 'Foreign Policy']) {
      assert.ok(
        (await page
          .getByRole('list', { name: `${category} issues` })
          .getByRole('link')
          .count()) >= 30,
        category,
      );
    }
    await expectAccessible(page, '/issues');

    // The search narrows the list (titles, categories and top priorities), and says when nothing matches.
    const search = page.getByRole('searchbox', { name: 'Search issues' });
    await search.fill(`adjustment ${stamp}`);
    await page.getByRole('status').filter({ hasText: 'Showing 1 of 151 issues' }).waitFor();
    assert.equal(await page.getByRole('link', { name: /Top priority/ }).count(), 1);
    await search.fill('no issue is called this');
    await page.getByRole('heading', { name: 'No matching issues found' }).waitFor();
    await search.fill('carbon pricing');
    await issueLink(page, ISSUE).click();

    // The issue's page: its priorities in rank order, with the cards of All Priorities.
    await page.waitForURL(new RegExp(`/issues/${issue.id}$`));
    await page.getByRole('heading', { level: 1, name: ISSUE }).waitFor();
    const list = page.getByRole('list', { name: `Priorities on ${ISSUE}` });
    await cardOf(list, other).waitFor();
    assert.deepEqual(await list.getByRole('article').evaluateAll((cards) => cards.map((card) => card.querySelector('h3')?.textContent)), [top, other]);
    await expectAccessible(page, "an issue's page");

    const card = cardOf(list, other);
    await card.getByRole('button', { name: 'Endorse' }).click();
    await toastArea(page).filter({ hasText: 'Vote recorded' }).waitFor();
    await card.getByText('1 endorsement', { exact: true }).waitFor();
    assert.equal(await card.getByRole('button', { name: 'Endorse' }).getAttribute('aria-pressed'), 'true');
    const answer = await context.request.get(`/api/issues/${issue.id}`);
    const page1 = (await answer.json()) as TIssuePage;
    assert.equal(page1.priorities.find((p) => p.title === other)?.userVote?.voteType, 'endorse', 'the vote reached the server');
    // A vote cast elsewhere shows on the open page without a reload (the live stream).
    await apiVote(author, endorsed.id, 'oppose');
    await cardOf(list, top).getByText('1 opposition', { exact: true }).waitFor();

    // Back through the link, and at phone width through the drawer's Issues link.
    await page.getByRole('link', { name: 'All Issues' }).click();
    await page.getByRole('heading', { level: 1, name: 'Issues', exact: true }).waitFor();
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.goto('/');
    await page.getByRole('button', { name: 'Create New Priority' }).waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Issues' }).click();
    await page.getByRole('heading', { level: 1, name: 'Issues', exact: true }).waitFor();
    await issueLink(page, ISSUE).click();
    await cardOf(page.getByRole('list', { name: `Priorities on ${ISSUE}` }), top).waitFor();

    // An id the catalogue does not hold.
    await page.goto('/issues/999');
    await page.getByRole('heading', { level: 1, name: 'Issue not found' }).waitFor();
    await expectAccessible(page, 'an unknown issue');
    // The unknown issue's 404 is an expected answer; nothing else went wrong.
    assert.deepEqual(
      errors.filter((error) => !error.includes('404')),
      [],
    );
  });

  test("an issue's page shows 50 priorities, and Load More the next page after the last one", async () => {
    setSetting(suite.server, 'max_priorities_per_user_per_day', '1000');
    const author = await apiCitizen(suite.server, 'Lou', 'Many');
    const issue = (await author.client.get<TIssueSummary[]>('/api/issues')).body.find((i) => i.title === 'NATO burden sharing')!;
    // Created one after another: with no votes, the oldest comes first in rank order.
    const titles: string[] = [];
    for (let n = 1; n <= 51; n++) {
      titles.push(`Allied defence spending, point ${n}`);
      await apiCreatePriority(author, { title: titles.at(-1)!, issueId: issue.id });
    }
    const { page } = await suite.start({ viewport: PHONE_VIEWPORT });
    await signInThroughApi(page.context(), suite.server, uniqueEmail('load-more'));
    const pageReads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === `/api/issues/${issue.id}`) pageReads.push(url.search);
    });
    await page.goto(`/issues/${issue.id}`);
    const list = page.getByRole('list', { name: `Priorities on ${issue.title}` });
    await cardOf(list, titles[49]!).waitFor();
    assert.equal(await list.getByRole('article').count(), 50);
    await page.getByRole('button', { name: 'Load More Priorities' }).click();
    await cardOf(list, titles[50]!).waitFor();
    assert.equal(await list.getByRole('article').count(), 51);
    assert.equal(await page.getByRole('button', { name: 'Load More Priorities' }).count(), 0, 'a short page is the last');
    assert.deepEqual(pageReads, ['?limit=50', `?limit=50&after=${await lastIdOf(author, issue.id, 50)}`]);
  });

  test('the user menu offers Admin to an administrator only, on the desktop and in the phone drawer', async () => {
    const citizen = await suite.start();
    await signInThroughApi(citizen.context, suite.server, uniqueEmail('no-admin'));
    await citizen.page.goto('/');
    await waitForDashboard(citizen.page);
    await citizen.page.getByRole('button', { name: 'User menu' }).click();
    await citizen.page.getByRole('menuitem', { name: 'Settings' }).waitFor();
    assert.equal(await citizen.page.getByRole('menuitem', { name: 'Admin' }).count(), 0);

    const { page, context } = await suite.start();
    await signInAsAdmin(context, suite.server, ADMIN);
    await page.goto('/');
    await waitForDashboard(page);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    await page.waitForURL(/\/admin$/);
    await adminHeading(page, 'Admin Dashboard').waitFor();

    await page.setViewportSize(PHONE_VIEWPORT);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expectNoSeriousA11yViolations(page, 'the phone drawer of an administrator');
    await drawer.getByRole('link', { name: 'Admin', exact: true }).click();
    await adminHeading(page, 'Admin Dashboard').waitFor();
  });
});
