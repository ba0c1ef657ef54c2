/// <reference lib="dom" />
// Announcements (spec 2.12, 5, 7.4, 8) in Chromium through the gateway and shell: the empty state,
// the create dialog's rules, create/edit/delete with their toasts and payloads, the summary cards
// (Expiring Soon within 3 days), the colour-coded list, and the audit entries of those actions.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { useBrowserTestServer } from '../support/browser-suite.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';
import { adminEmail, adminHeading, adminServerEnv, assertNoHorizontalOverflow, PHONE_390, signInAsAdmin } from './admin-helpers.ts';
import { toastArea } from './browser-helpers.ts';

const ADMIN = adminEmail('announcements');

const summaryValue = (page: Page, label: string) =>
  page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd');

async function expectSummary(page: Page, expected: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(expected)) {
    await summaryValue(page, label)
      .filter({ hasText: new RegExp(`^${value}$`) })
      .waitFor();
  }
}

/** A date input's value `days` from today in the browser's (= this process's) time zone. */
function dateInDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

describe('admin area: Announcements', { skip: browserTestsSkip() }, () => {
  const suite = useBrowserTestServer({ env: adminServerEnv(ADMIN) });

  test('empty state, create with the rules of spec 5, edit, delete, the summary cards and the audit trail', async () => {
    const { page, context, errors } = await suite.start();
    await signInAsAdmin(context, suite.server, ADMIN);
    const sent: { method: string; body: unknown }[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/admin/announcements') && request.method() !== 'GET') {
        sent.push({ method: request.method(), body: request.postData() ? request.postDataJSON() : null });
      }
    });
    await page.goto('/admin/announcements');
    await adminHeading(page, 'Announcements').waitFor();
    await page.getByText('No announcements yet', { exact: true }).waitFor();
    await page.getByText('Create your first announcement to notify users', { exact: true }).waitFor();
    await expectSummary(page, { Total: '0', Active: '0', Critical: '0', 'Expiring Soon': '0' });

    // Create: disabled until both title and content are given; the expiry cannot be before today.
    await page.getByRole('button', { name: 'New Announcement' }).click();
    const form = page.getByRole('dialog', { name: 'Create New Announcement' });
    const create = form.getByRole('button', { name: 'Create Announcement' });
    assert.equal(await create.isDisabled(), true);
    await form.getByLabel('Title').fill('Scheduled maintenance');
    assert.equal(await create.isDisabled(), true, 'content is still empty');
    await form.getByLabel('Content').fill('Voting pauses for ten minutes tonight.');
    assert.equal(await form.getByLabel('Content').getAttribute('rows'), '4');
    assert.equal(await form.getByLabel('Expiry Date (Optional)').getAttribute('min'), dateInDays(0));
    await form.getByLabel('Expiry Date (Optional)').fill(dateInDays(-1));
    await form.getByText('The expiry date cannot be earlier than today', { exact: true }).waitFor();
    assert.equal(await create.isDisabled(), true);
    await form.getByLabel('Expiry Date (Optional)').fill(dateInDays(2));
    await form.getByLabel('Type').selectOption('critical');
    assert.equal(await form.getByRole('switch', { name: 'Active (visible to users)' }).getAttribute('aria-checked'), 'true');
    await create.click();
    await toastArea(page).getByText('Announcement created successfully', { exact: true }).waitFor();
    await form.waitFor({ state: 'detached' });
    const created = sent[0]?.body as { title: string; content: string; type: string; isActive: boolean; showUntil: string };
    assert.deepEqual(
      { ...created, showUntil: typeof created.showUntil },
      {
        title: 'Scheduled maintenance',
        content: 'Voting pauses for ten minutes tonight.',
        type: 'critical',
        isActive: true,
        showUntil: 'string',
      },
    );
    assert.ok(!Number.isNaN(Date.parse(created.showUntil)), 'the expiry is sent as an ISO timestamp');

    const list = page.getByRole('list', { name: 'Announcements' });
    const item = list.getByRole('listitem').filter({ hasText: 'Scheduled maintenance' });
    await item.getByText('Active', { exact: true }).waitFor();
    await item.getByText(/^Expires: /).waitFor();
    await item.getByRole('img', { name: 'Critical' }).waitFor();
    assert.match((await item.getAttribute('class')) ?? '', /bg-red-50/, 'critical is red');
    await expectSummary(page, { Total: '1', Active: '1', Critical: '1', 'Expiring Soon': '1' });

    // Edit: the dialog starts from the announcement; inactive, no expiry, info.
    await item.getByRole('button', { name: 'Edit Scheduled maintenance' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Announcement' });
    assert.equal(await editor.getByLabel('Title').inputValue(), 'Scheduled maintenance');
    assert.equal(await editor.getByLabel('Expiry Date (Optional)').inputValue(), dateInDays(2));
    await editor.getByLabel('Title').fill('Maintenance moved');
    await editor.getByLabel('Expiry Date (Optional)').fill('');
    await editor.getByLabel('Type').selectOption('info');
    await editor.getByRole('switch', { name: 'Active (visible to users)' }).click();
    await editor.getByRole('button', { name: 'Update Announcement' }).click();
    await toastArea(page).getByText('Announcement updated successfully', { exact: true }).waitFor();
    const moved = list.getByRole('listitem').filter({ hasText: 'Maintenance moved' });
    await moved.getByText('Inactive', { exact: true }).waitFor();
    assert.equal(await moved.getByText(/^Expires: /).count(), 0);
    assert.deepEqual(sent[1], {
      method: 'PATCH',
      body: { title: 'Maintenance moved', content: 'Voting pauses for ten minutes tonight.', type: 'info', isActive: false, showUntil: null },
    });
    await expectSummary(page, { Total: '1', Active: '0', Critical: '0', 'Expiring Soon': '0' });

    await page.setViewportSize(PHONE_390);
    await assertNoHorizontalOverflow(page, '/admin/announcements at 390 px');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Delete: the confirmation shows the title and content.
    await moved.getByRole('button', { name: 'Delete Maintenance moved' }).click();
    const confirmation = page.getByRole('alertdialog', { name: 'Delete Announcement' });
    await confirmation.getByText('Maintenance moved', { exact: true }).waitFor();
    await confirmation.getByText('Voting pauses for ten minutes tonight.', { exact: true }).waitFor();
    await confirmation.getByRole('button', { name: 'Delete' }).click();
    await toastArea(page).getByText('Announcement deleted successfully', { exact: true }).waitFor();
    await page.getByText('No announcements yet', { exact: true }).waitFor();
    assert.equal(sent[2]?.method, 'DELETE');

    // Each action is in the audit log.
    await page.goto('/admin/audit-logs');
    const table = page.getByRole('region', { name: 'Audit log entries' });
    for (const action of ['Create Announcement', 'Update Announcement', 'Delete Announcement']) await table.getByRole('cell', { name: action }).waitFor();
    assert.deepEqual(errors, []);
  });

  test('a refused save shows the server message and keeps the dialog open', async () => {
    const { page, context } = await suite.start();
    await signInAsAdmin(context, suite.server, ADMIN);
    await page.route('**/api/admin/announcements', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'The expiry date cannot be earlier than today' }) });
    });
    await page.goto('/admin/announcements');
    await page.getByRole('button', { name: 'New Announcement' }).click();
    const form = page.getByRole('dialog', { name: 'Create New Announcement' });
    await form.getByLabel('Title').fill('Late notice');
    await form.getByLabel('Content').fill('Refused by the server.');
    await form.getByRole('button', { name: 'Create Announcement' }).click();
    const refused = toastArea(page).filter({ hasText: 'Error' });
    await refused.getByText('The expiry date cannot be earlier than today', { exact: true }).waitFor();
    await form.getByLabel('Title').waitFor();
  });
});
