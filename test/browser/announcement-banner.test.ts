/// <reference lib="dom" />
// The announcements banner of every signed-in page (issue 19): an administrator's announcements,
// created through the API, show under the navbar colour-coded by type (critical as an alert, the
// others as statuses); one created while the page is open appears without a reload (the banner polls
// every 30 s with If-None-Match: the delay is measured and printed), a dismissal is remembered across
// reloads until the announcement is edited, a deactivated one leaves the open page (here on window
// focus, which reads at once; an unchanged list then answers 304), and axe finds nothing serious on a
// page showing all four types. Phone width (390 px).
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { useBrowserTestServer } from '../support/browser-suite.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { adminClient, waitForPhoneDashboard, adminEnv, createAnnouncement, patchAnnouncement } from './admin-api-helpers.ts';
import { signInThroughApi, uniqueEmail } from './browser-helpers.ts';

const PHONE_390 = { width: 390, height: 844 } as const;
/** The banner polls every 30 s; a creation must show within one interval plus the read. */
const POLL_MS = 30_000;

const banner = (page: Page) => page.getByRole('region', { name: 'Announcements' });
/** The coloured box of the announcement titled `title` (its role: status, or alert when critical). */
const item = (page: Page, title: string) => banner(page).getByRole('listitem').filter({ hasText: title }).locator('[data-announcement-type]');

/** The item's background colour as drawn. */
const backgroundOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);

/** What a tab coming back into view does (TanStack's focus manager listens to visibilitychange on window). */
const refocus = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));

describe('announcements banner', { skip: browserTestsSkip() }, () => {
  const suite = useBrowserTestServer({ env: adminEnv() });
  const created: string[] = [];
  after(async () => {
    const admin = await adminClient(suite).catch(() => null);
    for (const id of created) await admin?.request('DELETE', `/api/admin/announcements/${id}`).catch(() => undefined);
  });

  test('colour by type, live creation without reload (delay measured), dismissal remembered, deactivation leaves the open page', async (t) => {
    const admin = await adminClient(suite);
    const stamp = Date.now();
    const info = await createAnnouncement(admin, { title: `Welcome ${stamp}`, content: 'The new season of priorities is open.', type: 'info' });
    const warning = await createAnnouncement(admin, { title: `Maintenance ${stamp}`, content: 'Read-only on Sunday night.', type: 'warning' });
    const success = await createAnnouncement(admin, { title: `Milestone ${stamp}`, content: 'A million votes cast.', type: 'success' });
    created.push(info.id, warning.id, success.id);

    const { page, context, errors } = await suite.start({ viewport: PHONE_390 });
    await signInThroughApi(context, suite.server, uniqueEmail('banner'));
    await page.goto('/');
    await waitForPhoneDashboard(page);
    for (const a of [info, warning, success]) await item(page, a.title).waitFor();
    assert.equal(await item(page, info.title).getAttribute('role'), 'status');
    assert.equal(await item(page, warning.title).getAttribute('data-announcement-type'), 'warning');
    const colours = new Set(await Promise.all([info, warning, success].map((a) => backgroundOf(item(page, a.title)))));
    assert.equal(colours.size, 3, `each type its own colour: ${[...colours].join(', ')}`);

    // Created while the page is open: shown by the next poll, no reload.
    let loads = 0;
    page.on('load', () => (loads += 1));
    const critical = await createAnnouncement(admin, { title: `Outage ${stamp}`, content: 'Voting is paused for an hour.', type: 'critical' });
    created.push(critical.id);
    const createdAt = Date.now();
    // One poll's wait, with room for a loaded machine (the figure is reported, not bounded tightly:
    // without the poll it would never come).
    await item(page, critical.title).waitFor({ timeout: POLL_MS + 30_000 });
    const delay = Date.now() - createdAt;
    t.diagnostic(`a new announcement reached the open page after ${delay} ms (poll every ${POLL_MS} ms)`);
    assert.equal(loads, 0, 'no reload');
    assert.equal(await item(page, critical.title).getAttribute('role'), 'alert', 'critical is an alert');
    const criticalColour = await backgroundOf(item(page, critical.title));
    assert.ok(!colours.has(criticalColour), 'critical has its own colour');
    await expectNoSeriousA11yViolations(page, 'a page with the banner showing all four types at 390 px');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling at 390 px (${overflow} px too wide)`);

    // Dismissed: gone, and still gone after a reload; the others stay.
    await item(page, warning.title)
      .getByRole('button', { name: `Dismiss announcement: ${warning.title}` })
      .click();
    await item(page, warning.title).waitFor({ state: 'detached' });
    await page.reload();
    await waitForPhoneDashboard(page);
    await item(page, info.title).waitFor();
    assert.equal(await item(page, warning.title).count(), 0, 'the dismissal is remembered across reloads');

    // Edited, it shows again (remembered by id and updatedAt).
    await patchAnnouncement(admin, warning.id, { content: 'Moved to Monday night.' });
    await page.reload();
    await item(page, warning.title).getByText('Moved to Monday night.').waitFor();

    // Deactivated: leaves the open page when the window regains focus (or by the next poll).
    await patchAnnouncement(admin, critical.id, { isActive: false });
    const loadsBefore = loads;
    const reread = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/announcements');
    const focusedAt = Date.now();
    await refocus(page);
    assert.equal((await reread).status(), 200);
    await item(page, critical.title).waitFor({ state: 'detached' });
    t.diagnostic(`a deactivated announcement left the page ${Date.now() - focusedAt} ms after the tab came back into view`);
    assert.equal(loads, loadsBefore, 'no reload');

    // Nothing changed since: the next read is a 304 and the banner stays as it is.
    const unchanged = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/announcements');
    await refocus(page);
    assert.equal((await unchanged).status(), 304);
    await item(page, info.title).waitFor();

    // Every signed-in page has it (the navbar's), not only the dashboard.
    await page.goto('/priorities');
    await item(page, info.title).waitFor();
    assert.equal(await item(page, warning.title).count(), 1);
    assert.equal(await item(page, critical.title).count(), 0);
    assert.deepEqual(errors, []);
  });

  test('signed out: no banner and no announcements read', async () => {
    const { page } = await suite.start({ viewport: PHONE_390 });
    const reads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/announcements') reads.push(request.url());
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: "Shape America's Future" }).waitFor();
    assert.equal(await banner(page).count(), 0);
    assert.deepEqual(reads, []);
  });
});
