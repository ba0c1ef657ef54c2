/// <reference lib="dom" />
// The priorities lists in Chromium (spec 2.5, 2.7, 7.3, 9) over 55 seeded priorities: Load More by
// 50, rank numbers only in the unfiltered rank view, search and category sent to the server
// (category omitted when all), sorts applied in the page and never sent, and the dashboard's top 10
// with View All Priorities.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TPriority } from '@civic/contracts';
import type { Page } from 'playwright-core';
import { newSession, type BrowserSession } from '../support/browser.ts';
import { setSetting, useBrowserTestServer } from '../support/browser-suite.ts';
import { signInThroughApi, uniqueEmail } from './browser-helpers.ts';
import {
  allPriorities,
  apiCitizen,
  apiCreatePriority,
  apiVote,
  BULK_ENV,
  cardTitles,
  issueOf,
  recordPriorityReads,
  topPriorities,
  type ApiCitizen,
} from './priority-helpers.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';

const CATEGORIES = ['Economy', 'Healthcare', 'Education', 'Environment', 'Foreign Policy'] as const;
const SEEDED = 55;
const UNIQUE_WORD = `Quokka${process.pid}`;

const rankBadges = (page: Page) => page.getByRole('article').getByText(/^#\d+$/);

describe('priorities lists: paging, ranks, filters and sorts', { skip: browserTestsSkip() }, () => {
  const { server } = useBrowserTestServer({ env: BULK_ENV });
  let viewer: ApiCitizen;
  let session: BrowserSession;
  const titles: string[] = [];
  /** Endorsements given to the 1st, 2nd and 3rd priority created: they rank #1, #2, #3. */
  const ENDORSED = [3, 2, 1];

  before(async () => {
    setSetting(server, 'max_priorities_per_user_per_day', '1000');
    // Few votes are enough to rank (the service's own tests cover the default of 5).
    setSetting(server, 'min_endorsements_for_ranking', '1');
    const author = await apiCitizen(server, 'Lena', 'Lister');
    const issues = await Promise.all(CATEGORIES.map((category) => issueOf(author, category)));
    for (let index = 0; index < SEEDED; index += 1) {
      const title = index === 7 ? `Protect the ${UNIQUE_WORD} habitat` : `Seeded priority number ${String(index + 1).padStart(2, '0')}`;
      await apiCreatePriority(author, { title, issueId: issues[index % CATEGORIES.length]!.id });
      titles.push(title);
    }
    const voters = await Promise.all([0, 1, 2].map((n) => apiCitizen(server, `Voter${n}`)));
    const listed = (await voters[0]!.client.get<TPriority[]>('/api/priorities?limit=100')).body;
    const idOf = (title: string) => listed.find((priority) => priority.title === title)!.id;
    for (const [index, count] of ENDORSED.entries()) {
      for (const voter of voters.slice(0, count)) await apiVote(voter, idOf(titles[index]!), 'endorse');
    }
    viewer = voters[0]!;
  });
  after(async () => {
    await session?.close().catch(() => undefined);
  });

  const start = async () => {
    session = await newSession(server.baseUrl);
    await signInThroughApi(session.context, server, uniqueEmail('lists'));
    return session;
  };

  /** The first page as the server ranks it. */
  const firstPage = async () => (await viewer.client.get<TPriority[]>('/api/priorities?limit=50')).body;

  test('All Priorities: 50 at first, Load More asks for 50 more, and goes away below a multiple of 50', async () => {
    const { page, errors } = await start();
    const reads = recordPriorityReads(page);
    await page.goto('/priorities');
    const list = allPriorities(page);
    await list.getByRole('article').nth(49).waitFor();
    assert.equal(await list.getByRole('article').count(), 50);
    await page.getByText('Showing 50 priorities', { exact: true }).waitFor();
    assert.deepEqual(
      reads.map((url) => url.search),
      ['?limit=50'],
    );

    await page.getByRole('button', { name: 'Load More Priorities' }).click();
    await list
      .getByRole('article')
      .nth(SEEDED - 1)
      .waitFor();
    assert.equal(await list.getByRole('article').count(), SEEDED);
    await page.getByText(`Showing ${SEEDED} priorities`, { exact: true }).waitFor();
    assert.equal(reads.at(-1)?.search, '?limit=100');
    assert.equal(await page.getByRole('button', { name: 'Load More Priorities' }).count(), 0);
    assert.deepEqual(errors, []);
    await session.close();
  });

  test('rank numbers show only with no search, all categories and the rank sort; sorts are local', async () => {
    const { page, errors } = await start();
    const reads = recordPriorityReads(page);
    await page.goto('/priorities');
    const list = allPriorities(page);
    await list.getByRole('article').nth(49).waitFor();
    const server50 = await firstPage();

    // Rank view: the server's order, ranked priorities numbered #1..#3, the rest without a number.
    assert.deepEqual(
      await cardTitles(list),
      server50.map((priority) => priority.title),
    );
    assert.deepEqual(await rankBadges(page).allInnerTexts(), ['#1', '#2', '#3']);
    assert.deepEqual(
      server50.slice(0, 3).map((priority) => priority.title),
      titles.slice(0, 3),
    );

    const sort = page.getByLabel('Sort by');
    await sort.selectOption('recent');
    const newestFirst = [...server50].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    assert.deepEqual(
      await cardTitles(list),
      newestFirst.map((priority) => priority.title),
    );
    assert.equal(await rankBadges(page).count(), 0, 'no rank numbers when sorted by recent');

    await sort.selectOption('endorsed');
    const mostEndorsed = await cardTitles(list);
    assert.deepEqual(mostEndorsed.slice(0, 3), titles.slice(0, 3));
    assert.equal(await rankBadges(page).count(), 0, 'no rank numbers when sorted by endorsements');

    await sort.selectOption('rank');
    assert.deepEqual(await rankBadges(page).allInnerTexts(), ['#1', '#2', '#3']);
    assert.ok(
      reads.every((url) => !url.searchParams.has('sort')),
      'the sort is never sent',
    );
    assert.equal(reads.length, 1, 'changing the sort fetches nothing');
    assert.deepEqual(errors, []);
    await session.close();
  });

  test('search and category go to the server; a filtered list has no rank numbers; no match says so', async () => {
    const { page, errors } = await start();
    const reads = recordPriorityReads(page);
    await page.goto('/priorities');
    const list = allPriorities(page);
    await list.getByRole('article').nth(49).waitFor();

    await page.getByLabel('Search priorities').fill(UNIQUE_WORD.toLowerCase());
    await page.getByText('Showing 1 priority', { exact: true }).waitFor();
    assert.deepEqual(await cardTitles(list), [titles[7]]);
    assert.equal(reads.at(-1)?.searchParams.get('search'), UNIQUE_WORD.toLowerCase());
    assert.equal(reads.at(-1)?.searchParams.has('category'), false);
    assert.equal(await rankBadges(page).count(), 0, 'no rank numbers while searching');

    await page.getByLabel('Search priorities').fill('');
    await list.getByRole('article').nth(49).waitFor();
    const category = page.getByLabel('Category');
    await category.selectOption('Healthcare');
    const healthcare = titles.filter((_title, index) => CATEGORIES[index % CATEGORIES.length] === 'Healthcare');
    await page.getByText(`Showing ${healthcare.length} priorities`, { exact: true }).waitFor();
    assert.deepEqual([...(await cardTitles(list))].sort(), [...healthcare].sort());
    const badges = await list.getByRole('article').locator('span.rounded-full').allInnerTexts();
    assert.ok(
      badges.every((badge) => badge === 'Healthcare'),
      'every card is a Healthcare priority',
    );
    assert.equal(reads.at(-1)?.searchParams.get('category'), 'Healthcare');
    assert.equal(reads.at(-1)?.searchParams.has('search'), false);
    assert.equal(await rankBadges(page).count(), 0, 'no rank numbers in a category');

    await page.getByLabel('Search priorities').fill('no priority says this');
    await page.getByText('No matching priorities found', { exact: true }).waitFor();
    assert.equal(await page.getByText('No priorities yet', { exact: true }).count(), 0);

    await page.getByLabel('Search priorities').fill('');
    await category.selectOption('all');
    await list.getByRole('article').nth(49).waitFor();
    // Back to the unfiltered list (served from the cache: reads never go stale, spec 7.1).
    assert.equal(reads[0]?.search, '?limit=50');
    assert.ok(
      reads.every((url) => url.searchParams.get('category') !== 'all' && url.searchParams.get('search') !== ''),
      'all categories and an empty search are omitted',
    );
    assert.deepEqual(await rankBadges(page).allInnerTexts(), ['#1', '#2', '#3']);
    assert.deepEqual(errors, []);
    await session.close();
  });

  test('dashboard: the first 10 as Top Priorities This Week, filtered and sorted the same way, and View All Priorities', async () => {
    const { page, errors } = await start();
    const reads = recordPriorityReads(page);
    await page.goto('/');
    const list = topPriorities(page);
    await list.getByRole('article').nth(9).waitFor();
    assert.equal(await list.getByRole('article').count(), 10);
    const server50 = await firstPage();
    assert.deepEqual(
      await cardTitles(list),
      server50.slice(0, 10).map((priority) => priority.title),
    );
    assert.deepEqual(await rankBadges(page).allInnerTexts(), ['#1', '#2', '#3']);

    await page.getByLabel('Sort by').selectOption('recent');
    const newestFirst = [...server50].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    assert.deepEqual(
      await cardTitles(list),
      newestFirst.slice(0, 10).map((priority) => priority.title),
    );
    await page.getByLabel('Sort by').selectOption('rank');

    await page.getByLabel('Category').selectOption('Economy');
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    await list.getByRole('article').first().getByText('Economy', { exact: true }).waitFor();
    assert.equal(reads.at(-1)?.searchParams.get('category'), 'Economy');
    assert.equal(await list.getByRole('article').count(), 10, 'still 10 of the 11 Economy priorities');
    await page.getByLabel('Category').selectOption('all');

    await page.getByRole('button', { name: 'View All Priorities' }).click();
    await page.getByRole('heading', { level: 1, name: 'All Priorities' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/priorities');
    assert.deepEqual(errors, []);
    await session.close();
  });
});
