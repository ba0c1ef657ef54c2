/// <reference lib="dom" />
// Platform Settings and Audit Logs (spec 2.12, 5, 7.4, 8) in Chromium through the gateway and shell:
// edits held until saved, the "N unsaved change(s)" badge, Reset, the confirmation listing old → new,
// one PUT per edited key, "Settings have been updated", a server 400 shown; then the audit entries of
// those saves with their filters, expandable details, CSV export and the chain's status.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { useBrowserTestServer } from '../support/browser-suite.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';
import { adminEmail, adminHeading, adminServerEnv, assertNoHorizontalOverflow, PHONE_390, signInAsAdmin } from './admin-helpers.ts';
import { csrfHeaders, toastArea } from './browser-helpers.ts';

const ADMIN = adminEmail('settings');

const saveButton = (page: Page) => page.getByRole('button', { name: /^Save Changes/ });
const settingRow = (page: Page, label: string) => page.getByText(label, { exact: true }).locator('xpath=ancestor::div[contains(@class,"grid")][1]');

describe('admin area: Platform Settings and Audit Logs', { skip: browserTestsSkip() }, () => {
  const suite = useBrowserTestServer({ env: adminServerEnv(ADMIN) });

  test('edit, reset, confirm old → new, one PUT per key, the success toast, and a refused value', async () => {
    const { page, context, errors } = await suite.start();
    await signInAsAdmin(context, suite.server, ADMIN);
    await page.goto('/admin/settings');
    await adminHeading(page, 'Platform Settings').waitFor();

    for (const card of ['Registration', 'Political Capital', 'Voting', 'Moderation']) await page.getByRole('region', { name: card }).waitFor();
    const registration = page.getByRole('region', { name: 'Registration' });
    const approval = registration.getByRole('group', { name: 'Registration Approval Required' });
    assert.equal(await approval.getByRole('button', { name: 'Disabled' }).getAttribute('aria-pressed'), 'true');
    await registration.getByText("New accounts need an administrator's approval", { exact: true }).waitFor();
    const bonus = page.getByRole('region', { name: 'Political Capital' }).getByLabel('Daily Login Bonus');
    assert.equal(await bonus.getAttribute('type'), 'number', 'an all-digits value is a number input');
    assert.equal(await bonus.inputValue(), '1');
    assert.equal(await saveButton(page).isDisabled(), true, 'nothing to save yet');
    const information = page.getByRole('region', { name: 'Information' });
    for (const line of ['Changes take effect immediately', 'audit trail', 'positive integers']) await information.getByText(new RegExp(line)).waitFor();

    // Two edits, then Reset discards them.
    await bonus.fill('3');
    await approval.getByRole('button', { name: 'Enabled' }).click();
    await saveButton(page).getByText('2 unsaved change(s)', { exact: true }).waitFor();
    assert.equal(await page.getByText('Modified', { exact: true }).count(), 2);
    await page.getByRole('button', { name: 'Reset' }).click();
    assert.equal(await bonus.inputValue(), '1');
    assert.equal(await page.getByText('Modified', { exact: true }).count(), 0);
    assert.equal(await saveButton(page).isDisabled(), true);

    // The same two edits, saved.
    await bonus.fill('3');
    await approval.getByRole('button', { name: 'Enabled' }).click();
    const puts: { key: string; value: string; description: string }[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/admin/settings') puts.push(request.postDataJSON());
    });
    await saveButton(page).click();
    const confirmation = page.getByRole('alertdialog', { name: 'Confirm Settings Changes' });
    await confirmation.getByText('You are about to save 2 setting change(s). This will take effect immediately for all users.', { exact: true }).waitFor();
    const listed = await confirmation.getByRole('listitem').allInnerTexts();
    assert.deepEqual(listed.map((text) => text.replace(/\s+/g, ' ').trim()).sort(), ['daily_login_bonus 1 → 3', 'registration_approval_required false → true']);
    await confirmation.getByRole('button', { name: 'Save Changes' }).click();
    await toastArea(page).getByText('Settings have been updated', { exact: true }).waitFor();
    await confirmation.waitFor({ state: 'detached' });
    assert.deepEqual(
      puts.sort((a, b) => a.key.localeCompare(b.key)),
      [
        { key: 'daily_login_bonus', value: '3', description: 'Political capital earned by the first sign-in of each day' },
        { key: 'registration_approval_required', value: 'true', description: "New accounts need an administrator's approval" },
      ],
      'one PUT per edited key, with the existing description',
    );
    await settingRow(page, 'Daily Login Bonus')
      .getByText(/^Last updated:/)
      .waitFor();
    assert.equal(await page.getByText('Modified', { exact: true }).count(), 0);
    assert.equal(await bonus.inputValue(), '3');
    const citizenVisible = (await (await context.request.get('/api/platform-settings')).json()) as { daily_login_bonus: number };
    assert.equal(citizenVisible.daily_login_bonus, 3, 'the change took effect');

    // A value the server refuses: its 400 message is the toast's text, and the edit stays pending.
    const cooldown = page.getByRole('region', { name: 'Voting' }).getByLabel('Vote Change Cooldown Hours');
    await cooldown.fill('99999');
    await saveButton(page).click();
    await page.getByRole('alertdialog', { name: 'Confirm Settings Changes' }).getByRole('button', { name: 'Save Changes' }).click();
    const refused = toastArea(page).filter({ hasText: 'Error' });
    await refused.getByText('vote_change_cooldown_hours must be a whole number from 0 to 8760', { exact: true }).waitFor();
    assert.equal(await cooldown.inputValue(), '99999');
    await saveButton(page).getByText('1 unsaved change(s)', { exact: true }).waitFor();

    await page.setViewportSize(PHONE_390);
    await assertNoHorizontalOverflow(page, '/admin/settings at 390 px');
    assert.deepEqual(
      errors.filter((error) => !error.includes('400')),
      [],
    );
  });

  test('Audit Logs: the saves are listed; filters, details, paging, CSV export and the chain status', async () => {
    const { page, context, errors } = await suite.start({ acceptDownloads: true });
    await signInAsAdmin(context, suite.server, ADMIN);
    const reads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/admin/audit-logs') reads.push(url.search);
    });
    await page.goto('/admin/audit-logs');
    await adminHeading(page, 'Audit Logs').waitFor();
    await page.getByText(/Chain verified \(\d+ entries\)/).waitFor();
    const table = page.getByRole('region', { name: 'Audit log entries' });
    await table.getByRole('cell', { name: 'Update Setting' }).first().waitFor();
    const updates = await table.getByRole('cell', { name: 'Update Setting' }).count();
    assert.ok(updates >= 2, 'the two saved settings are audited');
    const total = await table.locator('tbody tr').count();
    await page.getByText(`${total} logs found`, { exact: true }).waitFor();
    assert.equal(reads[0], '?limit=50&offset=0', 'spec 7.4: all filters left out');
    await page
      .getByRole('term')
      .filter({ hasText: /^Settings Changes$/ })
      .locator('xpath=following-sibling::dd')
      .getByText(String(updates))
      .waitFor();

    // Details expand to the entry's JSON.
    const row = table.locator('tbody tr').filter({ hasText: 'daily_login_bonus' });
    await row.getByText('View details').click();
    await row.getByText(/"newValue": "3"/).waitFor();

    // Search, then the action and date-range filters as spec 7.4 sends them.
    await page.getByPlaceholder('Search logs...').fill('daily_login_bonus');
    await page.getByText('1 log found', { exact: true }).waitFor();
    await page.getByPlaceholder('Search logs...').fill('');
    await page.getByText(`${total} logs found`, { exact: true }).waitFor();
    await page.getByLabel('Action').selectOption('create_announcement');
    await page.getByText('No audit logs found', { exact: true }).waitFor();
    await page.getByText('Admin actions will appear here', { exact: true }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Export CSV' }).isDisabled(), true);
    await page.getByLabel('Action').selectOption('all');
    await page.getByLabel('Date range').selectOption('today');
    await table.getByRole('cell', { name: 'Update Setting' }).first().waitFor();
    assert.ok(reads.includes('?limit=50&offset=0&action=create_announcement'), reads.join(' '));
    assert.ok(reads.includes('?limit=50&offset=0&dateRange=today'), reads.join(' '));
    assert.ok(reads.includes('?limit=50&offset=0&search=daily_login_bonus'), reads.join(' '));
    // One page only: Previous and Next are disabled, "Page 1".
    const pages = page.getByRole('navigation', { name: 'Audit log pages' });
    await pages.getByText('Page 1', { exact: true }).waitFor();
    assert.equal(await pages.getByRole('button', { name: 'Next' }).isDisabled(), true);
    assert.equal(await pages.getByRole('button', { name: 'Previous' }).isDisabled(), true);

    // Export CSV: the current page, the spec's columns, the success toast.
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloaded;
    assert.equal(download.suggestedFilename(), `audit-logs-${new Date().toISOString().slice(0, 10)}.csv`);
    const lines = (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
    assert.equal(lines[0], '"Date","Admin","Action","Target Type","Target ID","Details"');
    assert.equal(lines.length - 1, await table.locator('tbody tr').count());
    assert.ok(lines.some((line) => line.includes('"update_setting","setting","daily_login_bonus"')));
    await toastArea(page).getByText('Audit logs exported successfully', { exact: true }).waitFor();

    await page.setViewportSize(PHONE_390);
    await assertNoHorizontalOverflow(page, '/admin/audit-logs at 390 px');
    assert.deepEqual(errors, []);
  });

  test('Audit Logs pages by 50: Next asks offset 50 and shows "Page 2"', async () => {
    const { page, context } = await suite.start();
    await signInAsAdmin(context, suite.server, ADMIN);
    // Over 50 entries: each save of a setting is one.
    const headers = await csrfHeaders(context);
    for (let i = 0; i < 50; i += 1) {
      const saved = await context.request.put('/api/admin/settings', { data: { key: 'min_endorsements_for_ranking', value: String(10 + i) }, headers });
      assert.equal(saved.status(), 200, await saved.text());
    }
    const offsets: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/admin/audit-logs') offsets.push(url.searchParams.get('offset') ?? '');
    });
    await page.goto('/admin/audit-logs');
    const table = page.getByRole('region', { name: 'Audit log entries' });
    await page.getByText('50 logs found', { exact: true }).waitFor();
    assert.equal(await table.locator('tbody tr').count(), 50);
    const pages = page.getByRole('navigation', { name: 'Audit log pages' });
    await pages.getByRole('button', { name: 'Next' }).click();
    await pages.getByText('Page 2', { exact: true }).waitFor();
    await table.getByRole('cell', { name: 'Update Setting' }).first().waitFor();
    assert.ok((await table.locator('tbody tr').count()) < 50);
    assert.deepEqual(offsets, ['0', '50']);
    assert.equal(await pages.getByRole('button', { name: 'Next' }).isDisabled(), true);
    await pages.getByRole('button', { name: 'Previous' }).click();
    await pages.getByText('Page 1', { exact: true }).waitFor();
  });
});
