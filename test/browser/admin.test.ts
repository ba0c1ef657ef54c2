/// <reference lib="dom" />
// The admin micro-frontend's common behaviour (spec 2.12, 6) in Chromium through the gateway and
// shell: a citizen is sent to / with "Access Denied" and never downloads the admin remote; an
// administrator sees the dashboard (stats, section links, recent audit entries, the active
// announcements notice, quick actions) whose section links open User Management and Content
// Moderation, at desktop and phone width.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useBrowserTestServer } from '../support/browser-suite.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';
import { adminEmail, adminHeading, adminServerEnv, assertNoHorizontalOverflow, PHONE_390, recordAdminRemoteRequests, signInAsAdmin } from './admin-helpers.ts';
import { csrfHeaders, signInThroughApi, toastArea, uniqueEmail, waitForDashboard } from './browser-helpers.ts';

const ADMIN = adminEmail('dashboard');

describe('admin area: access and dashboard', { skip: browserTestsSkip() }, () => {
  const suite = useBrowserTestServer({ env: adminServerEnv(ADMIN) });

  test("a citizen opening an admin page goes to / with Access Denied, and no citizen's page downloads the admin remote", async () => {
    const { page, context, errors } = await suite.start();
    const adminRequests = recordAdminRemoteRequests(page);
    await signInThroughApi(context, suite.server, uniqueEmail('citizen'));
    await page.goto('/');
    await waitForDashboard(page);
    for (const path of ['/priorities', '/settings', '/network', '/briefing-room']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }

    for (const path of ['/admin/settings', '/admin']) {
      await page.goto(path);
      const denied = toastArea(page).filter({ hasText: 'Access Denied' });
      await denied.getByText("You don't have permission to access this page.", { exact: true }).waitFor();
      await page.waitForURL((url) => url.pathname === '/');
      await waitForDashboard(page);
    }
    // Also by a link inside the page (client-side navigation).
    await page.evaluate(() => window.history.pushState(null, '', '/admin/audit-logs'));
    await page.waitForURL((url) => url.pathname === '/');

    assert.deepEqual(adminRequests, [], "a citizen's pages never request the admin remote's code");
    // The server refuses the citizen too.
    assert.equal((await context.request.get('/api/admin/settings')).status(), 403);
    assert.deepEqual(errors, []);
  });

  test('an administrator: the dashboard with stats, sections, recent audit entries, the announcements notice and quick actions', async () => {
    const { page, context, errors } = await suite.start();
    await signInAsAdmin(context, suite.server, ADMIN);
    // One admin action to show in the recent list, and an active announcement for the notice.
    const created = await context.request.post('/api/admin/announcements', {
      data: { title: 'Maintenance tonight', content: 'The platform pauses at 2 am.', type: 'warning', isActive: true, showUntil: null },
      headers: await csrfHeaders(context),
    });
    assert.equal(created.status(), 200, await created.text());

    const adminRequests = recordAdminRemoteRequests(page);
    await page.goto('/admin');
    await adminHeading(page, 'Admin Dashboard').waitFor();
    assert.ok(adminRequests.length > 0, 'the admin remote is loaded for an administrator');

    for (const label of ['Active Citizens', 'Priorities', 'Briefing Documents', 'Active Announcements', 'Audit Entries']) {
      await page
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .waitFor();
    }
    await page.getByText('There is 1 active announcement.', { exact: true }).waitFor();

    const sections = page.getByRole('navigation', { name: 'Admin sections' });
    const hrefs = await sections.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    assert.deepEqual(hrefs, ['/admin/users', '/admin/moderation', '/admin/settings', '/admin/audit-logs', '/admin/announcements']);

    const recent = page.getByRole('region', { name: 'Recent Admin Activity' });
    await recent.getByRole('cell', { name: 'Create Announcement' }).waitFor();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname + new URL(request.url()).search));
    await page.reload();
    await recent.getByRole('cell', { name: 'Create Announcement' }).waitFor();
    assert.ok(requested.includes('/api/admin/audit-logs?limit=10'), 'the dashboard asks the 10 most recent entries (spec 7.4)');
    assert.ok(requested.includes('/api/admin/announcements?activeOnly=true'), 'and the active announcements');

    const quick = page.getByRole('region', { name: 'Quick Actions' });
    await quick.getByRole('link', { name: 'Edit Platform Settings' }).click();
    await adminHeading(page, 'Platform Settings').waitFor();
    await page.getByRole('link', { name: 'Admin Dashboard' }).click();
    await adminHeading(page, 'Admin Dashboard').waitFor();

    for (const [href, title, shows] of [
      ['/admin/users', 'User Management', () => page.getByPlaceholder('Search users by name or email')],
      ['/admin/moderation', 'Content Moderation', () => page.getByRole('tab', { name: /^Briefing Documents \(\d+\)$/ })],
    ] as const) {
      await sections.getByRole('link', { name: new RegExp(title) }).click();
      await page.waitForURL((url) => url.pathname === href);
      await adminHeading(page, title).waitFor();
      await shows().waitFor();
      await page.goBack();
      await adminHeading(page, 'Admin Dashboard').waitFor();
    }

    await page.setViewportSize(PHONE_390);
    await page.reload();
    await recent.getByRole('cell', { name: 'Create Announcement' }).waitFor();
    await assertNoHorizontalOverflow(page, '/admin at 390 px');
    assert.deepEqual(errors, []);
  });

  test('an admin page shows a skeleton while it loads', async () => {
    const { page, context } = await suite.start();
    await signInAsAdmin(context, suite.server, ADMIN);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.goto('/admin');
    await adminHeading(page, 'Admin Dashboard').waitFor();
    // The settings read held back: the page is in its loading state.
    await page.route('**/api/admin/settings', async (route) => {
      await held;
      await route.continue();
    });
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: /Platform Settings/ })
      .click();
    await page.getByRole('status', { name: 'Loading settings...' }).waitFor();
    release();
    await page.getByRole('region', { name: 'Registration' }).getByText('Registration Enabled', { exact: true }).waitFor();
  });
});
