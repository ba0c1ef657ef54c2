/// <reference lib="dom" />
// The Briefing Room in Chromium through the gateway and shell (spec 2.5, 2.8, 2.14, 5, 8, 9): the empty
// room, contributing from the dashboard's "Submit Talking Point" (spec 5 messages first, then
// "Document created", +2 PC, the dashboard card and the room's card and tiles), Read More / Show Less
// with content shown as text, search and type filter, Load More at 50, the failure toast, a 401
// opening the sign-in dialog, and the phone width.
import assert from 'node:assert/strict';
import type { TBriefingDocument } from '@civic/contracts';
import { describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { openBriefingTables, pollUntil } from '../../services/briefing/test/support/briefing-helpers.ts';
import { useBrowserTestServer } from '../support/browser-suite.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';
import { signInThroughApi, toastArea, uniqueEmail, waitForDashboard } from './browser-helpers.ts';
import { apiCitizen, apiCreatePriority, BULK_ENV, type ApiCitizen } from './priority-helpers.ts';

const CONTENT = 'Rural hospitals closed at twice the urban rate over the last decade.';
const ROOM_PATH = '/briefing-room';

const documentList = (page: Page) => page.getByRole('list', { name: 'Briefing documents' });
const documentCard = (scope: Page | Locator, title: string) => scope.getByRole('article', { name: title, exact: true });
const latestCard = (page: Page) => page.getByRole('region', { name: 'Latest from Briefing Room' });

/** The room's tiles by label, once /api/briefing-docs/stats has answered. */
async function roomTiles(page: Page): Promise<Record<string, string>> {
  const tiles = page.getByRole('region', { name: 'Briefing Room statistics' });
  await tiles.locator('dd:not([aria-busy])').first().waitFor();
  const terms = await tiles.getByRole('term').allInnerTexts();
  const values = await tiles.getByRole('definition').allInnerTexts();
  return Object.fromEntries(terms.map((term, index) => [term, values[index]!]));
}

async function apiContribute(citizen: ApiCitizen, body: { title: string; content?: string; type?: string }): Promise<TBriefingDocument> {
  const answer = await citizen.client.post<TBriefingDocument>('/api/briefing-docs', { content: CONTENT, ...body });
  assert.equal(answer.status, 200, answer.text);
  return answer.body;
}

/** Waits until the dashboard's Political Capital card shows `expected` as the balance. */
async function waitForBalance(page: Page, expected: number): Promise<void> {
  await page.waitForFunction(
    (wanted) => {
      const region = [...document.querySelectorAll('[role="region"]')].find((r) => r.textContent?.includes('Political Capital Activity'));
      return Number(region?.textContent?.match(/Balance:\s*([\d,]+)/)?.[1]?.replace(/,/g, '')) === wanted;
    },
    expected,
    { timeout: 8000 },
  );
}

describe('briefing room: page, Contribute Document dialog and the dashboard parts', { skip: browserTestsSkip() }, () => {
  const suite = useBrowserTestServer({ env: BULK_ENV });
  const start = suite.start.bind(suite);

  test('contribute from the dashboard: spec 5 messages first, then "Document created", +2 PC, the dashboard card, the room', async () => {
    // A priority the document will name, known to briefing (its read model, from priorities' events).
    const author = await apiCitizen(suite.server, 'Priya', 'Priority');
    const priorityTitle = `Keep rural hospitals open ${Date.now()}`;
    const priority = await apiCreatePriority(author, { title: priorityTitle });
    const tables = await openBriefingTables(suite.server.stack);
    await pollUntil(
      () => tables.query('SELECT 1 FROM briefing.priorities WHERE priority_id = $1::uuid', [priority.id]),
      (rows) => rows.length === 1,
    );

    const { page, context, errors } = await start();
    const user = await signInThroughApi(context, suite.server, uniqueEmail('contributor'), { firstName: 'Dana', lastName: 'Drafter' });
    const posts: unknown[] = [];
    const reads: string[] = [];
    // What the answer settles is not read again: the balance (auth's copy) and the platform's stats.
    const settledReads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/auth/user' || url.pathname === '/api/stats') settledReads.push(url.pathname);
      if (url.pathname !== '/api/briefing-docs') return;
      if (request.method() === 'POST') posts.push(request.postDataJSON());
      else reads.push(url.search);
    });
    await page.goto('/');
    await waitForDashboard(page);
    await latestCard(page).getByText('No documents yet. Be the first to contribute one.').waitFor();
    await page.getByRole('region', { name: 'Platform statistics' }).locator('dt:has-text("Talking Points") + dd', { hasText: /^0$/ }).waitFor();
    assert.deepEqual(reads, ['?limit=5'], 'the card reads 5 documents');
    // The dashboard's daily login credits +1 first (spec 9).
    await waitForBalance(page, user.politicalCapital + 1);

    await page.getByRole('region', { name: 'Quick Actions' }).getByRole('button', { name: 'Submit Talking Point' }).click();
    const form = page.getByRole('dialog', { name: 'Contribute Document' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Contribute Document' }).click();
    await form.getByText('Title must be at least 5 characters', { exact: true }).waitFor();
    await form.getByText('Content must be at least 20 characters', { exact: true }).waitFor();
    await form.getByLabel('Title', { exact: true }).fill('x'.repeat(201));
    await form.getByLabel('Content', { exact: true }).fill('y'.repeat(5001));
    await form.getByRole('button', { name: 'Contribute Document' }).click();
    await form.getByText('Title must be less than 200 characters', { exact: true }).waitFor();
    await form.getByText('Content must be less than 5000 characters', { exact: true }).waitFor();
    assert.equal(posts.length, 0, 'an invalid form sends nothing');

    const title = `Hospital closure facts ${Date.now()}`;
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Content', { exact: true }).fill(CONTENT);
    assert.equal(await form.getByLabel('Type', { exact: true }).inputValue(), 'talking_point', 'the type defaults to talking point');
    // The picker: typing narrows the loaded priorities.
    const picker = form.getByLabel('Related priority (optional)');
    await picker.locator('option', { hasText: priorityTitle }).waitFor({ state: 'attached' });
    await form.getByRole('searchbox', { name: 'Filter priorities' }).fill('no priority is called this');
    await form.getByText('No priority matches the filter.').waitFor();
    await form.getByRole('searchbox', { name: 'Filter priorities' }).fill('RURAL HOSPITALS');
    await picker.selectOption({ label: priorityTitle });
    const settledReadsBefore = settledReads.length;
    await form.getByRole('button', { name: 'Contribute Document' }).click();

    const created = toastArea(page).filter({ hasText: 'Document created' });
    await created.getByText('Document created', { exact: true }).waitFor();
    await created.getByText(/\+2 PC/).waitFor();
    await form.waitFor({ state: 'detached' });
    assert.deepEqual(posts, [{ title, content: CONTENT, type: 'talking_point', priorityId: priority.id }]);

    // The dashboard's card and the balance follow without a reload.
    const link = latestCard(page).getByRole('link', { name: title });
    await link.waitFor();
    await waitForBalance(page, user.politicalCapital + 1 + 2);
    // The Talking Points tile counts it (one more: priorities hears briefing's event a moment later).
    await page.getByRole('region', { name: 'Platform statistics' }).locator('dt:has-text("Talking Points") + dd', { hasText: /^1$/ }).waitFor();
    assert.deepEqual(settledReads.slice(settledReadsBefore), [], 'the balance and the tile come from the answer');

    // The card leads to the room, which shows the document and counts it.
    await link.click();
    await page.getByRole('heading', { level: 1, name: 'Briefing Room' }).waitFor();
    assert.equal(new URL(page.url()).pathname, ROOM_PATH);
    const card = documentCard(documentList(page), title);
    await card.getByText('Talking Point', { exact: true }).waitFor();
    await card.getByText('Less than an hour ago', { exact: true }).waitFor();
    await card.getByText(CONTENT, { exact: true }).waitFor();
    await card.getByText(/^Contributed by\s+Dana Drafter$/).waitFor();
    await card.getByText(priorityTitle, { exact: true }).waitFor();
    assert.deepEqual(await roomTiles(page), { 'Total Documents': '1', Contributors: '1', 'Added Today': '1' });
    await page.getByText('Showing 1 document', { exact: true }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Load More Documents' }).count(), 0);
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Briefing Room' }).getAttribute('aria-current'), 'page');
    assert.deepEqual(errors, []);
  });

  test('Read More / Show Less at 300 characters; content is text, never HTML', async () => {
    const author = await apiCitizen(suite.server, 'Rhea', 'Reader');
    const title = `A long research note ${Date.now()}`;
    const content = `<b>Bold claim</b> <img src="x" onerror="window.injected = true"> ${'word '.repeat(80)}THE-END`;
    await apiContribute(author, { title, content, type: 'research' });
    const { page, context, errors } = await start();
    await signInThroughApi(context, suite.server, uniqueEmail('reader'));
    await page.goto(ROOM_PATH);
    const card = documentCard(documentList(page), title);
    await card.getByText('Research', { exact: true }).waitFor();
    await card.getByText(/^Contributed by\s+Rhea Reader$/).waitFor();
    const text = card.locator('[data-document-content]');
    const preview = await text.innerText();
    assert.ok(preview.startsWith('<b>Bold claim</b> <img src="x"'), 'markup is shown as typed');
    assert.ok(preview.endsWith('...') && !preview.includes('THE-END'), 'the preview stops at 300 characters');
    assert.equal(await card.locator('b, img').count(), 0, 'nothing is parsed as HTML');

    const more = card.getByRole('button', { name: 'Read More' });
    assert.equal(await more.getAttribute('aria-expanded'), 'false');
    await more.click();
    await card.getByText(/THE-END$/).waitFor();
    const less = card.getByRole('button', { name: 'Show Less' });
    assert.equal(await less.getAttribute('aria-expanded'), 'true');
    await less.click();
    await card.getByRole('button', { name: 'Read More' }).waitFor();
    assert.equal((await text.innerText()).includes('THE-END'), false);
    assert.equal(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected), undefined);
    assert.deepEqual(errors, []);
  });

  test('search and type filter go to the server; Load More asks for 50 more and goes away below a multiple of 50', async () => {
    const author = await apiCitizen(suite.server, 'Lena', 'Loader');
    const word = `Quokka${process.pid}`;
    const documentTitle = `Notes on the ${word} budget`;
    await apiContribute(author, { title: documentTitle, type: 'document' });
    // Six seeders, at most 9 documents each: one citizen may create max_briefing_docs_per_user_per_day (10) a day.
    const seeders = await Promise.all(Array.from({ length: 6 }, (_, index) => apiCitizen(suite.server, 'Seeder', `Number${index + 1}`)));
    for (let index = 0; index < 50; index += 1)
      await apiContribute(seeders[index % seeders.length]!, { title: `Seeded talking point ${String(index + 1).padStart(2, '0')}` });
    const total = (await author.client.get<TBriefingDocument[]>('/api/briefing-docs?limit=100')).body.length;
    assert.ok(total > 50 && total < 100, `between 50 and 100 documents (${total})`);

    const { page, context, errors } = await start();
    await signInThroughApi(context, suite.server, uniqueEmail('loader'));
    const reads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/briefing-docs' && request.method() === 'GET') reads.push(url.search);
    });
    await page.goto(ROOM_PATH);
    const list = documentList(page);
    await list.getByRole('article').nth(49).waitFor();
    assert.equal(await list.getByRole('article').count(), 50);
    await page.getByText('Showing 50 documents', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Load More Documents' }).click();
    await page.getByText(`Showing ${total} documents`, { exact: true }).waitFor();
    assert.equal(await list.getByRole('article').count(), total);
    assert.equal(await page.getByRole('button', { name: 'Load More Documents' }).count(), 0);
    assert.deepEqual(reads, ['?limit=50', '?limit=100']);

    await page.getByRole('searchbox', { name: 'Search documents' }).fill(word.toLowerCase());
    await page.getByText('Showing 1 document', { exact: true }).waitFor();
    await documentCard(list, documentTitle).waitFor();
    await page.getByLabel('Document type').selectOption('research');
    await page.getByText('No matching documents found', { exact: true }).waitFor();
    await page.getByLabel('Document type').selectOption('document');
    await documentCard(list, documentTitle).waitFor();
    assert.deepEqual(reads.slice(2), [
      `?search=${word.toLowerCase()}&limit=50`,
      `?search=${word.toLowerCase()}&type=research&limit=50`,
      `?search=${word.toLowerCase()}&type=document&limit=50`,
    ]);
    assert.deepEqual(errors, []);
  });

  test('failures: spec 8 toast titled "Error" (the dialog stays open), a refusal explained in the dialog, a 401 opens the sign-in dialog', async () => {
    const { page, context } = await start();
    await signInThroughApi(context, suite.server, uniqueEmail('refused'));
    let answer: { status: number; body: unknown } = { status: 500, body: { message: 'Internal Server Error' } };
    await page.route(/\/api\/briefing-docs$/, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) })
        : route.fallback(),
    );
    await page.goto(ROOM_PATH);
    await page.getByRole('heading', { level: 1, name: 'Briefing Room' }).waitFor();
    await page.getByRole('button', { name: 'Contribute Document' }).first().click();
    const form = page.getByRole('dialog', { name: 'Contribute Document' });
    await form.getByLabel('Title', { exact: true }).fill('A perfectly valid title');
    await form.getByLabel('Content', { exact: true }).fill(CONTENT);
    await form.getByRole('button', { name: 'Contribute Document' }).click();
    const failed = toastArea(page).filter({ hasText: 'Failed to create document. Please try again.' });
    await failed.getByText('Error', { exact: true }).waitFor();
    assert.equal(await form.isVisible(), true, 'the dialog stays open to try again');

    answer = { status: 400, body: { message: 'Priority not found', errors: [{ path: ['priorityId'], message: 'Priority not found' }] } };
    await form.getByRole('button', { name: 'Contribute Document' }).click();
    await form.getByRole('alert').getByText('Priority not found', { exact: true }).waitFor();
    assert.equal(await form.getByLabel('Related priority (optional)').getAttribute('aria-invalid'), 'true', 'the field the server named is marked');

    answer = { status: 401, body: { message: 'Unauthorized' } };
    const toastsBefore = await toastArea(page).count();
    await form.getByRole('button', { name: 'Contribute Document' }).click();
    await page.getByText('US citizens only, one account per person', { exact: true }).waitFor();
    assert.ok((await toastArea(page).count()) <= toastsBefore, 'no new error toast for a 401');
  });

  test('phone width (390 px): the room and the dialog fit without sideways scrolling', async () => {
    const { page, context, errors } = await start({ viewport: { width: 390, height: 844 } });
    await signInThroughApi(context, suite.server, uniqueEmail('phone'));
    await page.goto(ROOM_PATH);
    await documentList(page).getByRole('article').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling on the room (${overflow}px)`);
    await page.getByRole('button', { name: 'Contribute Document' }).first().click();
    const form = page.getByRole('dialog', { name: 'Contribute Document' });
    await form.waitFor();
    const box = await form.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, 'the dialog fits the screen');
    await form.getByRole('button', { name: 'Contribute Document' }).scrollIntoViewIfNeeded();
    assert.equal(await form.getByRole('button', { name: 'Contribute Document' }).isVisible(), true);
    assert.deepEqual(errors, []);
  });
});
