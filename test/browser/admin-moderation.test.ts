/// <reference lib="dom" />
// Content Moderation (spec 2.12, 7.4, 8; issue 20) in Chromium through the gateway and shell: the
// empty states, the tabs with their counts, priority and briefing cards (badges, clamps, counts),
// reported items first with their counts and reasons, Content Preview, Delete Content with its
// toasts (a removed priority stays listed as Inactive and leaves the citizens' list; a deleted
// document disappears), a failed delete, at desktop and 390 px with the axe check; a priority's
// optional removal reason reaches its author's notice (issue 22), none sent when left blank.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { TBriefingDocument } from '@civic/contracts/briefing/http';
import { DEFAULT_REMOVAL_REASON, REMOVAL_REASON_MAX } from '@civic/contracts/notifications/messages';
import type { TPriority } from '@civic/contracts/priorities/http';
import type { Locator, Page } from 'playwright-core';
import { useBrowserTestServer } from '../support/browser-suite.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';
import { readMailsTo } from '../support/multipart-mail.ts';
import { pollUntil } from '../support/poll.ts';
import { adminEmail, adminHeading, adminServerEnv, assertNoHorizontalOverflow, PHONE_390, signInAsAdmin } from './admin-helpers.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { toastArea } from './browser-helpers.ts';
import { type ApiCitizen, allPriorities, apiCitizen, apiCreatePriority, apiVote, cardOf } from './priority-helpers.ts';

const ADMIN = adminEmail('moderation');
const REASON_LABEL = 'Reason (sent to the author)';
const DOCUMENT_CONTENT = 'Talking points on bridge repair funding: the backlog, the costs, and who pays for it.';

const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });
const priorityList = (page: Page) => page.getByRole('list', { name: 'Priorities to moderate' });
const documentList = (page: Page) => page.getByRole('list', { name: 'Briefing documents to moderate' });
const titlesOf = (list: Locator) => list.getByRole('article').getByRole('heading').allInnerTexts();
const lineClampOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).webkitLineClamp);

async function contribute(citizen: ApiCitizen, title: string): Promise<TBriefingDocument> {
  const answer = await citizen.client.post<TBriefingDocument>('/api/briefing-docs', { title, content: DOCUMENT_CONTENT, type: 'talking_point' });
  assert.equal(answer.status, 200, answer.text);
  return answer.body;
}

/** The removal notice the author of `title` got (the embedded profile writes mails under DATA_DIR/mail). */
async function removalNoticeOf(citizen: ApiCitizen, dataDir: string, title: string) {
  const { email } = (await citizen.client.get<{ email: string }>('/api/auth/user')).body;
  const notices = await pollUntil(
    async () => (await readMailsTo(join(dataDir, 'mail'), email)).filter((mail) => mail.subject === `Your priority “${title}” was removed`),
    (found) => found.length > 0,
    15_000,
  );
  const [notice] = notices;
  assert.ok(notice && notices.length === 1, 'one notice per removal');
  return notice;
}

async function report(citizen: ApiCitizen, targetType: 'priority' | 'briefing_doc', targetId: string, reason: string): Promise<void> {
  const answer = await citizen.client.post('/api/reports', { targetType, targetId, reason });
  assert.equal(answer.status, 200, answer.text);
}

describe('admin area: Content Moderation', { skip: browserTestsSkip() }, () => {
  // The notifications dispatcher runs often, so the removal notice is written soon after the event.
  const suite = useBrowserTestServer({ env: { ...adminServerEnv(ADMIN), NOTIFICATIONS_DISPATCH_MS: '100' } });
  let author: ApiCitizen;
  let older: TPriority;
  let newer: TPriority;
  let document: TBriefingDocument;

  test('before any content: both tabs say so', async () => {
    const { page, context, errors } = await suite.start();
    await signInAsAdmin(context, suite.server, ADMIN);
    await page.goto('/admin/moderation');
    await adminHeading(page, 'Content Moderation').waitFor();
    await page.getByText('No priorities found', { exact: true }).waitFor();
    await tab(page, /^Priorities \(0\)$/).waitFor();
    await tab(page, /^Briefing Documents \(0\)$/).click();
    await page.getByText('No briefing documents found', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page, '/admin/moderation, empty');
    assert.deepEqual(errors, []);
  });

  test('tabs with counts, the cards, reported items first with their reasons, Content Preview, at desktop and 390 px', async () => {
    author = await apiCitizen(suite.server, 'Ada', 'Author');
    const reporter = await apiCitizen(suite.server, 'Rita', 'Reporter');
    older = await apiCreatePriority(author, { title: 'Repair the interstate bridges' });
    newer = await apiCreatePriority(author, { title: 'Fund the public libraries' });
    document = await contribute(author, 'Bridge repair talking points');
    await apiVote(reporter, older.id, 'endorse');
    await report(reporter, 'priority', older.id, 'Misleading cost figures');
    await report(reporter, 'briefing_doc', document.id, 'Copied from a campaign site');

    const { page, context, errors } = await suite.start();
    await signInAsAdmin(context, suite.server, ADMIN);
    const reads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'GET' && ['/api/priorities', '/api/briefing-docs', '/api/admin/reports'].includes(url.pathname))
        reads.push(url.pathname + url.search);
    });
    await page.goto('/admin/moderation');
    await tab(page, /^Priorities \(2\)$/).waitFor();
    await tab(page, /^Briefing Documents \(1\)$/).waitFor();
    assert.ok(reads.includes('/api/priorities?limit=100&includeInactive=true'), reads.join(' '));
    assert.ok(reads.includes('/api/briefing-docs?limit=100'), reads.join(' '));
    assert.ok(reads.includes('/api/admin/reports'), reads.join(' '));

    // The reported priority comes first although it is the older one.
    const reported = cardOf(priorityList(page), older.title);
    await reported.getByText('1 report', { exact: true }).waitFor();
    assert.deepEqual(await titlesOf(priorityList(page)), [older.title, newer.title]);
    await reported.getByRole('list', { name: 'Report reasons' }).getByText('Misleading cost figures', { exact: true }).waitFor();
    await reported.getByText('Active', { exact: true }).waitFor();
    await reported.getByText('Ada Author', { exact: true }).waitFor();
    await reported.getByText('1 endorsement', { exact: true }).waitFor();
    await reported.getByText('0 oppositions', { exact: true }).waitFor();
    await reported
      .getByText(new Date(older.createdAt).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }), { exact: false })
      .waitFor();
    assert.equal(await lineClampOf(reported.getByText(older.description, { exact: true })), '2');
    assert.equal(
      await cardOf(priorityList(page), newer.title)
        .getByText(/report/)
        .count(),
      0,
      'an item nobody reported has no badge',
    );
    await expectNoSeriousA11yViolations(page, '/admin/moderation, priorities');

    // Content Preview: title, author, created date and time, the whole description; Close.
    await reported.getByRole('button', { name: /^Preview/ }).click();
    const preview = page.getByRole('dialog', { name: 'Content Preview' });
    await preview.getByRole('heading', { name: older.title }).waitFor();
    await preview.getByText('Ada Author', { exact: true }).waitFor();
    await preview.getByText(older.description, { exact: true }).waitFor();
    const time = new Date(older.createdAt).toLocaleString('en-US', { hour: 'numeric', minute: '2-digit' });
    await preview.getByText(new RegExp(time.replace(/\s/g, '\\s'))).waitFor();
    await expectNoSeriousA11yViolations(page, 'Content Preview dialog');
    await preview.getByRole('button', { name: 'Close', exact: true }).click();
    await preview.waitFor({ state: 'detached' });

    // The documents tab: type badge, Public, content clamped to three lines, the report.
    await tab(page, /^Briefing Documents \(1\)$/).click();
    const card = cardOf(documentList(page), document.title);
    await card.getByText('Talking Point', { exact: true }).waitFor();
    await card.getByText('Public', { exact: true }).waitFor();
    await card.getByText('1 report', { exact: true }).waitFor();
    await card.getByText('Copied from a campaign site', { exact: true }).waitFor();
    await card.getByText('Ada Author', { exact: true }).waitFor();
    assert.equal(await lineClampOf(card.getByText(DOCUMENT_CONTENT, { exact: true })), '3');
    await card.getByRole('button', { name: /^Preview/ }).click();
    await page.getByRole('dialog', { name: 'Content Preview' }).getByText(DOCUMENT_CONTENT, { exact: true }).waitFor();
    await page.keyboard.press('Escape');

    await page.setViewportSize(PHONE_390);
    await assertNoHorizontalOverflow(page, '/admin/moderation at 390 px');
    await expectNoSeriousA11yViolations(page, '/admin/moderation, documents at 390 px');
    await tab(page, /^Priorities/).click();
    await assertNoHorizontalOverflow(page, '/admin/moderation priorities at 390 px');
    assert.deepEqual(errors, []);
  });

  test("Delete Content: a priority stays as Inactive and leaves the citizens' list; a document disappears; a failure says so", async () => {
    const { page, context, errors } = await suite.start();
    await signInAsAdmin(context, suite.server, ADMIN);
    await page.goto('/admin/moderation');
    const card = cardOf(priorityList(page), newer.title);
    await card.waitFor();

    // Cancel first: nothing is deleted.
    await card.getByRole('button', { name: /^Delete/ }).click();
    let confirm = page.getByRole('alertdialog', { name: 'Delete Content' });
    await confirm.getByText('Are you sure you want to delete this priority? This action cannot be undone.', { exact: true }).waitFor();
    await confirm.getByText(newer.title, { exact: true }).waitFor();
    await confirm.getByText('By: Ada Author', { exact: true }).waitFor();
    await confirm.getByRole('textbox', { name: REASON_LABEL }).waitFor();
    await expectNoSeriousA11yViolations(page, 'Delete Content dialog');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });

    const deletes: string[] = [];
    const bodies: (string | null)[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'DELETE') return;
      deletes.push(new URL(request.url()).pathname);
      bodies.push(request.postData());
    });
    await card.getByRole('button', { name: /^Delete/ }).click();
    confirm = page.getByRole('alertdialog', { name: 'Delete Content' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toastArea(page).filter({ hasText: 'Success' }).getByText('Priority has been deleted', { exact: true }).waitFor();
    await confirm.waitFor({ state: 'detached' });
    assert.deepEqual(deletes, [`/api/admin/priorities/${newer.id}`]);
    assert.deepEqual(bodies, [null], 'no reason typed: no body, as the spec client sends');
    await card.getByText('Inactive', { exact: true }).waitFor();
    assert.equal(await card.getByRole('button', { name: /^Delete/ }).isDisabled(), true, 'a removed priority cannot be removed again');
    await tab(page, /^Priorities \(2\)$/).waitFor();

    // Citizens no longer see it.
    await page.goto('/priorities');
    await cardOf(allPriorities(page), older.title).waitFor();
    assert.equal(await cardOf(allPriorities(page), newer.title).count(), 0);

    // A failed delete: the "Error" toast with the fallback when the server says nothing usable.
    await page.route(`**/api/admin/priorities/${older.id}`, (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }));
    await page.goto('/admin/moderation');
    await cardOf(priorityList(page), older.title)
      .getByRole('button', { name: /^Delete/ })
      .click();
    await page.getByRole('alertdialog', { name: 'Delete Content' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await toastArea(page).filter({ hasText: 'Error' }).getByText('Failed to delete priority', { exact: true }).waitFor();
    await cardOf(priorityList(page), older.title).getByText('Active', { exact: true }).waitFor();

    // The document: the right noun, then gone.
    await tab(page, /^Briefing Documents \(1\)$/).click();
    await cardOf(documentList(page), document.title)
      .getByRole('button', { name: /^Delete/ })
      .click();
    confirm = page.getByRole('alertdialog', { name: 'Delete Content' });
    await confirm.getByText('Are you sure you want to delete this document? This action cannot be undone.', { exact: true }).waitFor();
    await confirm.getByText('By: Ada Author', { exact: true }).waitFor();
    assert.equal(await confirm.getByRole('textbox').count(), 0, 'a document has no removal reason');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toastArea(page).getByText('Document has been deleted', { exact: true }).waitFor();
    await page.getByText('No briefing documents found', { exact: true }).waitFor();
    await tab(page, /^Briefing Documents \(0\)$/).waitFor();
    await pollUntil(
      async () => (await (await context.request.get('/api/briefing-docs?limit=100')).json()) as TBriefingDocument[],
      (documents) => documents.every((found) => found.id !== document.id),
    );
    assert.deepEqual(
      errors.filter((error) => !error.includes('500')),
      [],
    );
  });

  test("Delete Content with a reason, at 390 px: the author's removal notice quotes it; none typed gives the default", async () => {
    // The reasonless removal of the previous test: its notice gives the default reason.
    assert.match((await removalNoticeOf(author, suite.server.dataDir, newer.title)).text, new RegExp(`Reason: ${DEFAULT_REMOVAL_REASON}`));

    const removed = await apiCreatePriority(author, { title: 'Sell the city parks' });
    const { page, context, errors } = await suite.start();
    await signInAsAdmin(context, suite.server, ADMIN);
    await page.setViewportSize(PHONE_390);
    const bodies: (string | null)[] = [];
    page.on('request', (request) => {
      if (request.method() === 'DELETE') bodies.push(request.postData());
    });
    await page.goto('/admin/moderation');
    const card = cardOf(priorityList(page), removed.title);
    await card.getByRole('button', { name: /^Delete/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Content' });
    const reason = confirm.getByRole('textbox', { name: REASON_LABEL });
    assert.equal(await reason.getAttribute('maxlength'), String(REMOVAL_REASON_MAX));
    const typed = '  Advertises a private business.\n';
    await reason.fill(typed);
    await confirm.getByText(`(${typed.length}/${REMOVAL_REASON_MAX})`, { exact: false }).waitFor();
    await assertNoHorizontalOverflow(page, 'Delete Content with a reason at 390 px');
    await expectNoSeriousA11yViolations(page, 'Delete Content dialog with a reason at 390 px');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toastArea(page).filter({ hasText: 'Success' }).getByText('Priority has been deleted', { exact: true }).waitFor();
    await confirm.waitFor({ state: 'detached' });
    assert.deepEqual(
      bodies.map((body) => body && JSON.parse(body)),
      [{ reason: 'Advertises a private business.' }],
    );

    const notice = await removalNoticeOf(author, suite.server.dataDir, removed.title);
    assert.match(notice.text, /Reason: Advertises a private business\.\n/);
    assert.ok(notice.html.includes('<p>Reason: Advertises a private business.</p>'), notice.html);
    assert.deepEqual(errors, []);
  });
});
