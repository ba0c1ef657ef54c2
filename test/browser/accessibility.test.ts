/// <reference lib="dom" />
// Every page, signed out and signed in, with its dialogs open, passes axe-core's WCAG 2.0/2.1 A and
// AA rules with no serious or critical violation, at desktop (1280) and phone (375) width. One
// browser session goes through them all (signing in once), so the check stays cheap as pages are
// added: a new page gets a test here.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, type BrowserSession } from '../support/browser.ts';
import { adminEmail, adminServerEnv, signInAsAdmin } from './admin-helpers.ts';
import { describeA11yViolations, expectNoSeriousA11yViolations, findSeriousA11yViolations } from './axe.ts';
import { answerNamePrompt, codeFor, dialog, namePrompt, openSignInDialog, requestCode, uniqueEmail, waitForDashboard } from './browser-helpers.ts';
import { allPriorities, apiCitizen, apiCreatePriority, apiVote, cardOf, issueOf, topPriorities } from './priority-helpers.ts';
import { useBrowserTestServer } from '../support/browser-suite.ts';
import { pollUntil } from '../support/poll.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';

/** Checks the page as it is at desktop width, then at phone width (open dialogs stay open), and
 *  fails with the violations of both. */
async function expectAccessibleAtBothWidths(page: Page, what: string): Promise<void> {
  const found: string[] = [];
  for (const [width, viewport] of [
    ['desktop', DESKTOP_VIEWPORT],
    ['phone', PHONE_VIEWPORT],
  ] as const) {
    await page.setViewportSize(viewport);
    const violations = await findSeriousA11yViolations(page);
    if (violations.length > 0) found.push(`${what} at ${width} width (${viewport.width} px):\n${describeA11yViolations(violations)}`);
  }
  await page.setViewportSize(DESKTOP_VIEWPORT);
  assert.deepEqual(found, [], `serious or critical accessibility violations:\n${found.join('\n')}`);
}

describe('accessibility: no serious or critical axe-core violation on any page', { skip: browserTestsSkip() }, () => {
  const A11Y_ADMIN = adminEmail('a11y');
  const suite = useBrowserTestServer({ env: adminServerEnv(A11Y_ADMIN) });
  let session: BrowserSession;
  let page: Page;
  let userId = '';
  const email = uniqueEmail('a11y');

  test('the landing page, signed out', async () => {
    // Someone else's priorities, one of them endorsed, so the signed-in lists show cards with counts.
    const author = await apiCitizen(suite.server, 'Ada', 'Author');
    const first = await apiCreatePriority(author, { title: 'Repair the interstate bridges' });
    await apiCreatePriority(author, { title: 'Fund rural broadband networks' });
    await apiVote(author, first.id, 'endorse');
    // A briefing document long enough for Read More, linked to a priority (once briefing knows it).
    await pollUntil(
      () =>
        author.client.post('/api/briefing-docs', {
          title: 'Bridge repair backlog in numbers',
          content: 'Bridges rated poor: '.repeat(20),
          priorityId: first.id,
        }),
      (answer) => answer.status === 200,
    );

    session = await suite.start();
    page = session.page;
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: "Shape America's Future" }).waitFor();
    await expectAccessibleAtBothWidths(page, 'landing page');
  });

  test('the 404 page, signed out', async () => {
    await page.goto('/no-such-page');
    await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
    await expectAccessibleAtBothWidths(page, '404 page, signed out');
  });

  test('the sign-in dialog (e-mail step, code step), then the first-sign-in name prompt', async () => {
    await page.goto('/');
    await openSignInDialog(page);
    await expectAccessibleAtBothWidths(page, 'sign-in dialog, e-mail step');
    await requestCode(page, email);
    await expectAccessibleAtBothWidths(page, 'sign-in dialog, code step');
    await dialog(page).getByLabel('Digit 1 of 6').click();
    await page.keyboard.type(await codeFor(suite.server, email));
    await namePrompt(page).waitFor();
    await expectAccessibleAtBothWidths(page, 'name prompt');
    await answerNamePrompt(page, 'Alex', 'Access');
    await waitForDashboard(page);
    userId = ((await (await session.context.request.get('/api/auth/user')).json()) as { id: string }).id;
  });

  test('the dashboard, and the phone menu', async () => {
    await page.goto('/');
    await waitForDashboard(page);
    await topPriorities(page).getByRole('article').first().waitFor();
    await page.getByRole('region', { name: 'Platform statistics' }).locator('dd:not([aria-busy])').first().waitFor();
    await page.getByRole('region', { name: 'Political Capital Activity' }).getByText('Daily login bonus', { exact: true }).waitFor();
    // The user menu is named by the name it shows, then by what it opens (WCAG 2.5.3, Label in Name;
    // Chromium puts a space between the button's flex items, hence the \s*).
    await page.getByRole('button', { name: /^Alex Access\s*, User menu$/ }).waitFor();
    await expectAccessibleAtBothWidths(page, 'dashboard');

    await page.setViewportSize(PHONE_VIEWPORT);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('navigation', { name: 'Mobile' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'phone menu (phone)');
    await page.keyboard.press('Escape');
    await page.setViewportSize(DESKTOP_VIEWPORT);
  });

  test('/priorities, and the Create Priority dialog', async () => {
    await page.goto('/priorities');
    await page.getByRole('heading', { level: 1, name: 'All Priorities' }).waitFor();
    await allPriorities(page).getByRole('article').first().waitFor();
    await expectAccessibleAtBothWidths(page, '/priorities');

    await page.getByRole('button', { name: 'Create Priority' }).first().click();
    const form = page.getByRole('dialog', { name: 'Create New Priority' });
    await form.waitFor();
    await expectAccessibleAtBothWidths(page, 'Create Priority dialog');
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
  });

  test('own profile, and the Edit Profile dialog', async () => {
    await page.goto(`/profile/${userId}`);
    await page.getByRole('heading', { level: 1, name: 'Alex Access' }).waitFor();
    await page.getByRole('definition').first().waitFor();
    await expectAccessibleAtBothWidths(page, 'own profile');

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Profile' });
    await editor.waitFor();
    await expectAccessibleAtBothWidths(page, 'Edit Profile dialog');
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Blocked Users' }).click();
    const blocked = page.getByRole('dialog', { name: 'Blocked Users' });
    await blocked.getByText("You haven't blocked anyone.").waitFor();
    await expectAccessibleAtBothWidths(page, 'Blocked Users dialog');
    await page.keyboard.press('Escape');
    await blocked.waitFor({ state: 'detached' });
  });

  test('/network, and its blocked view', async () => {
    await page.goto('/network');
    await page.getByRole('heading', { level: 1, name: 'Citizen Network' }).waitFor();
    await page
      .getByRole('region', { name: 'Network Growth' })
      .getByText(/this week/)
      .waitFor();
    await page.getByRole('region', { name: 'Network Activity' }).getByRole('status').waitFor({ state: 'detached' });
    await expectAccessibleAtBothWidths(page, '/network');

    await page.goto('/network?tab=blocked');
    await page.getByRole('region', { name: 'Blocked Users' }).getByText("You haven't blocked anyone.").waitFor();
    await expectAccessibleAtBothWidths(page, '/network?tab=blocked');
  });

  test('/settings', async () => {
    await page.goto('/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByRole('region', { name: 'Privacy' }).getByRole('switch').first().waitFor();
    await page.getByRole('region', { name: 'Data & Storage' }).getByRole('definition').first().waitFor();
    await expectAccessibleAtBothWidths(page, '/settings');
  });

  test('/briefing-room, a document expanded, and the Contribute Document dialog', async () => {
    await page.goto('/briefing-room');
    await page.getByRole('heading', { level: 1, name: 'Briefing Room' }).waitFor();
    await page.getByRole('list', { name: 'Briefing documents' }).getByRole('article').first().waitFor();
    await page.getByRole('region', { name: 'Briefing Room statistics' }).locator('dd:not([aria-busy])').first().waitFor();
    await page.getByRole('button', { name: 'Read More' }).first().click();
    await expectAccessibleAtBothWidths(page, '/briefing-room');

    await page.getByRole('button', { name: 'Contribute Document' }).first().click();
    const form = page.getByRole('dialog', { name: 'Contribute Document' });
    await form.getByRole('option', { name: 'Repair the interstate bridges' }).waitFor({ state: 'attached' });
    await expectAccessibleAtBothWidths(page, 'Contribute Document dialog');
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
  });

  test("/issues, and an issue's page", async () => {
    // A priority on an issue, so that issue's page shows a card.
    const author = await apiCitizen(suite.server, 'Ida', 'Issue');
    const issue = await issueOf(author, 'Economy');
    await apiCreatePriority(author, { title: 'Index the minimum wage to inflation', issueId: issue.id });
    await page.goto('/issues');
    await page.getByRole('heading', { level: 1, name: 'Issues', exact: true }).waitFor();
    await page.getByRole('list', { name: 'Economy issues' }).getByRole('link').first().waitFor();
    await expectAccessibleAtBothWidths(page, '/issues');
    await page.getByRole('link', { name: issue.title }).click();
    await cardOf(page.getByRole('list', { name: `Priorities on ${issue.title}` }), 'Index the minimum wage to inflation').waitFor();
    await expectAccessibleAtBothWidths(page, "an issue's page");
  });

  test('the 404 page, signed in', async () => {
    await page.goto('/no-such-page');
    await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
    await expectAccessibleAtBothWidths(page, '404 page, signed in');
  });

  test('the admin pages (an administrator), with their dialogs open', async () => {
    const admin = await suite.start();
    const adminPage = admin.page;
    await signInAsAdmin(admin.context, suite.server, A11Y_ADMIN);
    // Content on every admin page: an announcement (and its audit entry), and a changed setting.
    const headers = { 'X-CSRF-Token': ((await (await admin.context.request.get('/api/csrf-token')).json()) as { token: string }).token };
    const created = await admin.context.request.post('/api/admin/announcements', {
      data: { title: 'Polling stations update', content: 'New locations are listed.', type: 'warning', isActive: true, showUntil: null },
      headers,
    });
    assert.equal(created.status(), 200, await created.text());

    await adminPage.goto('/admin');
    await adminPage.getByRole('region', { name: 'Recent Admin Activity' }).getByRole('cell').first().waitFor();
    await expectAccessibleAtBothWidths(adminPage, '/admin');

    // The users directory is fed by events: the page is read once it lists the administrator.
    await pollUntil(
      async () => (await admin.context.request.get(`/api/admin/users?search=${encodeURIComponent(A11Y_ADMIN)}`)).json() as Promise<unknown[]>,
      (rows) => rows.length > 0,
    );
    await adminPage.goto('/admin/users');
    await adminPage.getByRole('region', { name: 'Users' }).getByRole('row').filter({ hasText: A11Y_ADMIN }).waitFor();
    await expectAccessibleAtBothWidths(adminPage, '/admin/users');

    await adminPage.goto('/admin/moderation');
    await adminPage.getByRole('tab', { name: /^Priorities \(\d+\)$/ }).waitFor();
    await adminPage.getByRole('status', { name: 'Loading priorities...' }).waitFor({ state: 'detached' });
    await expectAccessibleAtBothWidths(adminPage, '/admin/moderation');

    await adminPage.goto('/admin/settings');
    const bonus = adminPage.getByLabel('Daily Login Bonus');
    await bonus.fill('2');
    await expectAccessibleAtBothWidths(adminPage, '/admin/settings with an edit');
    await adminPage.getByRole('button', { name: /^Save Changes/ }).click();
    await adminPage.getByRole('alertdialog', { name: 'Confirm Settings Changes' }).waitFor();
    await expectAccessibleAtBothWidths(adminPage, 'settings save confirmation');
    await adminPage.keyboard.press('Escape');

    await adminPage.goto('/admin/audit-logs');
    const table = adminPage.getByRole('region', { name: 'Audit log entries' });
    await table.getByRole('cell').first().waitFor();
    await adminPage.getByText(/Chain verified/).waitFor();
    await table.getByText('View details').first().click();
    await expectAccessibleAtBothWidths(adminPage, '/admin/audit-logs');

    await adminPage.goto('/admin/announcements');
    await adminPage.getByRole('list', { name: 'Announcements' }).getByRole('listitem').first().waitFor();
    await expectAccessibleAtBothWidths(adminPage, '/admin/announcements');
    await adminPage.getByRole('button', { name: 'New Announcement' }).click();
    const form = adminPage.getByRole('dialog', { name: 'Create New Announcement' });
    await form.waitFor();
    await expectAccessibleAtBothWidths(adminPage, 'Create New Announcement dialog');
    await adminPage.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    await adminPage.getByRole('button', { name: 'Delete Polling stations update' }).click();
    await adminPage.getByRole('alertdialog', { name: 'Delete Announcement' }).waitFor();
    await expectAccessibleAtBothWidths(adminPage, 'Delete Announcement confirmation');
  });
});
