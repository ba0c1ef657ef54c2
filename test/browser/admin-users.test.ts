/// <reference lib="dom" />
// User Management (spec 2.12, 5, 7.4, 8; issue 20) in Chromium through the gateway and shell: the
// table with its badges and buttons, Grant/Revoke admin and Ban with the spec's confirmations and
// toasts (the banned user's session ends), Unban, search and paging by 20, and the approval queue
// (a pending account sees only the awaiting-approval notice until it is approved; Reject), at
// desktop and 390 px with the axe check.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { useBrowserTestServer } from '../support/browser-suite.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';
import { pollUntil } from '../support/poll.ts';
import { adminEmail, adminHeading, adminServerEnv, assertNoHorizontalOverflow, PHONE_390, signInAsAdmin } from './admin-helpers.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { codeFor, csrfHeaders, namePrompt, signInThroughApi, toastArea, uniqueEmail, waitForDashboard } from './browser-helpers.ts';
import { apiCitizen } from './priority-helpers.ts';

const ADMIN = adminEmail('users');

interface UserRow {
  id: string;
  email: string;
  politicalCapital: number;
  isAdmin: boolean;
  isBanned: boolean;
  approvalStatus: string;
}

/** The directory's rows for a search, as the page reads them. */
async function listUsers(context: BrowserContext, query: string): Promise<UserRow[]> {
  const answer = await context.request.get(`/api/admin/users?${query}`);
  assert.equal(answer.status(), 200, await answer.text());
  return (await answer.json()) as UserRow[];
}

/** The directory is a read model fed by events: wait until it knows `email` (and `done` holds for the row). */
async function waitForRow(context: BrowserContext, email: string, done: (row: UserRow) => boolean = () => true): Promise<UserRow> {
  const rows = await pollUntil(
    () => listUsers(context, `search=${encodeURIComponent(email)}`),
    (found) => found.some((row) => row.email === email && done(row)),
  );
  return rows.find((row) => row.email === email)!;
}

const usersTable = (page: Page) => page.getByRole('region', { name: 'Users' });
const rowOf = (page: Page, email: string) => usersTable(page).getByRole('row').filter({ hasText: email });
const cardValue = (page: Page, label: string) =>
  page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd');
const badgesOf = async (row: Locator) => (await row.getByRole('cell').nth(5).innerText()).split(/\s+/).filter(Boolean);

async function search(page: Page, text: string): Promise<void> {
  await page.getByPlaceholder('Search users by name or email').fill(text);
}

/** Signs an account in through the API without naming it (an account awaiting approval may not edit its profile). */
async function signInPlain(context: BrowserContext, server: Parameters<typeof codeFor>[0], email: string): Promise<void> {
  const headers = await csrfHeaders(context);
  const sent = await context.request.post('/api/auth/email/send-otp', { data: { email }, headers });
  assert.equal(sent.status(), 200, await sent.text());
  const { stateId } = (await sent.json()) as { stateId: string };
  const verified = await context.request.post('/api/auth/email/verify-otp', { data: { stateId, otp: await codeFor(server, email) }, headers });
  assert.equal(verified.status(), 200, await verified.text());
}

describe('admin area: User Management', { skip: browserTestsSkip() }, () => {
  const suite = useBrowserTestServer({ env: adminServerEnv(ADMIN) });

  test('the table, its badges and buttons, Grant and Revoke admin with their confirmations, at desktop and 390 px', async () => {
    const { page, context, errors } = await suite.start();
    await signInAsAdmin(context, suite.server, ADMIN);
    const grace = await apiCitizen(suite.server, 'Grace', 'Hopper');
    const graceEmail = (await grace.client.get<{ email: string }>('/api/auth/user')).body.email;
    const graceRow = await waitForRow(context, graceEmail);
    await waitForRow(context, ADMIN);

    await page.goto('/admin/users');
    await adminHeading(page, 'User Management').waitFor();
    const row = rowOf(page, graceEmail);
    await row.waitFor();
    const headers = await usersTable(page).getByRole('columnheader').allInnerTexts();
    assert.deepEqual(headers, ['User', 'Email', 'Political Capital', 'Followers', 'Joined', 'Status', 'Actions']);
    await row.getByText('Grace Hopper', { exact: true }).waitFor();
    await row.getByText(graceRow.id).waitFor();
    assert.ok(await row.locator('[data-avatar-fallback]').isVisible(), 'the fallback avatar stands in for a missing image');
    const cells = await row.getByRole('cell').allInnerTexts();
    assert.equal(cells[2], graceRow.politicalCapital.toLocaleString('en-US'));
    assert.equal(cells[3], '0');
    assert.equal(cells[4], new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }));
    assert.deepEqual(await badgesOf(row), ['Active']);
    assert.equal(await row.getByRole('button', { name: 'Grant Admin' }).isEnabled(), true);
    assert.equal(await row.getByRole('button', { name: 'Ban', exact: true }).isEnabled(), true);

    // One's own row: Admin, and both buttons disabled.
    const own = rowOf(page, ADMIN);
    assert.deepEqual(await badgesOf(own), ['Admin']);
    assert.equal(await own.getByRole('button', { name: 'Revoke Admin' }).isDisabled(), true);
    assert.equal(await own.getByRole('button', { name: 'Ban', exact: true }).isDisabled(), true);

    // The count cards come from the page.
    const shown = await usersTable(page).locator('tbody tr').count();
    await cardValue(page, 'Total Users').getByText(String(shown), { exact: true }).waitFor();
    await cardValue(page, 'Admin Users').getByText('1', { exact: true }).waitFor();
    await page.getByText('Page 1', { exact: true }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Next' }).isDisabled(), true, 'a short page has no next');
    await expectNoSeriousA11yViolations(page, '/admin/users');

    // Grant: the spec's confirmation; Cancel first sends nothing.
    const sent: { method: string; path: string; body: unknown }[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/admin/users/') && request.method() !== 'GET') {
        sent.push({ method: request.method(), path: url.pathname, body: request.postData() ? request.postDataJSON() : null });
      }
    });
    await row.getByRole('button', { name: 'Grant Admin' }).click();
    let confirm = page.getByRole('alertdialog', { name: 'Change Admin Status' });
    await confirm.getByText('Are you sure you want to grant admin privileges to Grace Hopper?', { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    assert.deepEqual(sent, []);
    await row.getByRole('button', { name: 'Grant Admin' }).click();
    await expectNoSeriousA11yViolations(page, 'Change Admin Status dialog');
    assert.doesNotMatch((await confirm.getByRole('button', { name: 'Grant Admin' }).getAttribute('class')) ?? '', /bg-red-600/);
    await confirm.getByRole('button', { name: 'Grant Admin' }).click();
    const granted = toastArea(page).filter({ hasText: 'Success' });
    await granted.getByText('Admin privileges granted', { exact: true }).waitFor();
    await confirm.waitFor({ state: 'detached' });
    assert.deepEqual(sent, [{ method: 'PATCH', path: `/api/admin/users/${graceRow.id}/admin`, body: { isAdmin: true } }]);
    await row.getByRole('button', { name: 'Revoke Admin' }).waitFor();
    assert.deepEqual(await badgesOf(row), ['Admin']);
    assert.equal(await row.getByRole('button', { name: 'Ban', exact: true }).isDisabled(), true, 'an admin cannot be banned');
    await cardValue(page, 'Admin Users').getByText('2', { exact: true }).waitFor();
    assert.equal((await grace.client.get<{ isAdmin: boolean }>('/api/auth/user')).body.isAdmin, true, "effective at Grace's next request");

    // Revoke: red, and back to Active.
    await row.getByRole('button', { name: 'Revoke Admin' }).click();
    confirm = page.getByRole('alertdialog', { name: 'Change Admin Status' });
    await confirm.getByText('Are you sure you want to revoke admin privileges from Grace Hopper?', { exact: true }).waitFor();
    assert.match((await confirm.getByRole('button', { name: 'Revoke Admin' }).getAttribute('class')) ?? '', /bg-red-600/);
    await page.setViewportSize(PHONE_390);
    await expectNoSeriousA11yViolations(page, 'Change Admin Status dialog at 390 px');
    await confirm.getByRole('button', { name: 'Revoke Admin' }).click();
    await toastArea(page).getByText('Admin privileges revoked', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Grant Admin' }).waitFor();
    assert.deepEqual(await badgesOf(row), ['Active']);
    assert.equal((await grace.client.get<{ isAdmin: boolean }>('/api/auth/user')).body.isAdmin, false);

    await assertNoHorizontalOverflow(page, '/admin/users at 390 px');
    await expectNoSeriousA11yViolations(page, '/admin/users at 390 px');
    assert.deepEqual(errors, []);
  });

  test("Ban ends the user's session; Unban lifts it", async () => {
    const admin = await suite.start();
    await signInAsAdmin(admin.context, suite.server, ADMIN);
    const victim = await suite.start();
    const victimEmail = uniqueEmail('victim');
    await signInThroughApi(victim.context, suite.server, victimEmail, { firstName: 'Victor', lastName: 'Banned' });
    await victim.page.goto('/');
    await waitForDashboard(victim.page);
    await waitForRow(admin.context, victimEmail);

    const { page } = admin;
    await page.goto('/admin/users');
    await search(page, victimEmail);
    const row = rowOf(page, victimEmail);
    await row.waitFor();
    await row.getByRole('button', { name: 'Ban', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Ban User' });
    await confirm.getByText('Are you sure you want to ban Victor Banned? They will no longer be able to create content.', { exact: true }).waitFor();
    assert.match((await confirm.getByRole('button', { name: 'Ban User' }).getAttribute('class')) ?? '', /bg-red-600/);
    await confirm.getByRole('button', { name: 'Ban User' }).click();
    await toastArea(page).filter({ hasText: 'Success' }).getByText('User has been banned', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Unban' }).waitFor();
    assert.deepEqual(await badgesOf(row), ['Banned']);
    assert.equal(await row.getByRole('button', { name: 'Ban', exact: true }).count(), 0, 'Ban is shown only for users not yet banned');
    await row.getByRole('button', { name: 'Grant Admin' }).waitFor();

    // The victim's session is over: the next read is refused and the page falls back to signed out.
    assert.equal((await victim.context.request.get('/api/auth/user')).status(), 401);
    await victim.page.reload();
    await victim.page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();

    // Unban: its own confirmation, then Active again with a Ban button.
    await row.getByRole('button', { name: 'Unban' }).click();
    const unban = page.getByRole('alertdialog', { name: 'Unban User' });
    await unban.getByText(/^Are you sure you want to unban Victor Banned\?/).waitFor();
    await unban.getByRole('button', { name: 'Unban User' }).click();
    await toastArea(page).getByText('User has been unbanned', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Ban', exact: true }).waitFor();
    assert.deepEqual(await badgesOf(row), ['Active']);
    const lifted = await waitForRow(admin.context, victimEmail);
    assert.equal(lifted.isBanned, false);
    assert.deepEqual(admin.errors, []);
  });

  test('a refused action shows the server message in an "Error" toast', async () => {
    const { page, context } = await suite.start();
    await signInAsAdmin(context, suite.server, ADMIN);
    const target = await apiCitizen(suite.server, 'Refused', 'Target');
    const email = (await target.client.get<{ email: string }>('/api/auth/user')).body.email;
    await waitForRow(context, email);
    await page.route('**/api/admin/users/*/ban', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'Administrators cannot be banned' }) }),
    );
    await page.route('**/api/admin/users/*/admin', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }));
    await page.goto('/admin/users');
    await search(page, email);
    const row = rowOf(page, email);
    await row.getByRole('button', { name: 'Ban', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Ban User' }).getByRole('button', { name: 'Ban User' }).click();
    await toastArea(page).filter({ hasText: 'Error' }).getByText('Administrators cannot be banned', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Grant Admin' }).click();
    await page.getByRole('alertdialog', { name: 'Change Admin Status' }).getByRole('button', { name: 'Grant Admin' }).click();
    await toastArea(page).filter({ hasText: 'Error' }).getByText('Failed to update user admin status', { exact: true }).waitFor();
  });

  test('search by name or e-mail (debounced, back to page 1), "Page N" by 20, Next disabled on a short page, "No users found"', async () => {
    const { page, context } = await suite.start();
    await signInAsAdmin(context, suite.server, ADMIN);
    const tag = `Pager${process.pid}`;
    for (let i = 1; i <= 21; i += 1) await apiCitizen(suite.server, tag, `Number${String(i).padStart(2, '0')}`);
    await pollUntil(
      () => listUsers(context, `limit=20&offset=20&search=${tag}`),
      (rows) => rows.length === 1,
    );
    const reads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/admin/users') reads.push(url.search);
    });
    await page.goto('/admin/users');
    await usersTable(page).getByRole('row').nth(1).waitFor();
    assert.equal(reads[0], '?limit=20&offset=0', 'spec 7.4: limit and offset, no search yet');

    const searched = page.waitForRequest((request) => new URL(request.url()).search === `?limit=20&offset=0&search=${tag}`);
    await page.getByPlaceholder('Search users by name or email').pressSequentially(tag, { delay: 15 });
    await searched;
    const pages = page.getByRole('navigation', { name: 'User pages' });
    await pollUntil(
      async () => usersTable(page).locator('tbody tr').filter({ hasText: tag }).count(),
      (count) => count === 20,
    );
    assert.equal(await usersTable(page).locator('tbody tr').count(), 20);
    assert.ok(reads.filter((read) => read.includes('search=')).length < tag.length, `one read per pause in typing, not per key: ${reads.join(' ')}`);
    await pages.getByText('Page 1', { exact: true }).waitFor();
    assert.equal(await pages.getByRole('button', { name: 'Previous' }).isDisabled(), true);
    await pages.getByRole('button', { name: 'Next' }).click();
    await pages.getByText('Page 2', { exact: true }).waitFor();
    await pollUntil(
      async () => usersTable(page).locator('tbody tr').count(),
      (count) => count === 1,
    );
    assert.ok(reads.includes(`?limit=20&offset=20&search=${tag}`), reads.join(' '));
    assert.equal(await pages.getByRole('button', { name: 'Next' }).isDisabled(), true, 'fewer than 20 rows: no next page');
    await cardValue(page, 'Total Users').getByText('1', { exact: true }).waitFor();

    // A new search goes back to page 1; a name's part finds it.
    await search(page, `${tag} Number07`);
    await pages.getByText('Page 1', { exact: true }).waitFor();
    await usersTable(page).getByText(`${tag} Number07`, { exact: true }).waitFor();
    await search(page, 'nobody-by-this-name');
    await page.getByText('No users found', { exact: true }).waitFor();
    await cardValue(page, 'Total Users').getByText('0', { exact: true }).waitFor();
  });

  test('approval queue: a pending account sees only the awaiting-approval notice; Approve lets it in, Reject ends it', async () => {
    const admin = await suite.start();
    await signInAsAdmin(admin.context, suite.server, ADMIN);
    const setApproval = async (value: string) => {
      const saved = await admin.context.request.put('/api/admin/settings', {
        data: { key: 'registration_approval_required', value, description: "New accounts need an administrator's approval" },
        headers: await csrfHeaders(admin.context),
      });
      assert.equal(saved.status(), 200, await saved.text());
    };
    await setApproval('true');
    try {
      const newcomer = await suite.start();
      const newcomerEmail = uniqueEmail('newcomer');
      await signInPlain(newcomer.context, suite.server, newcomerEmail);
      const me = (await (await newcomer.context.request.get('/api/auth/user')).json()) as { approvalStatus: string };
      assert.equal(me.approvalStatus, 'pending');
      for (const path of ['/', '/priorities', '/admin/users']) {
        await newcomer.page.goto(path);
        await newcomer.page.getByRole('heading', { level: 1, name: 'Your account is awaiting approval.' }).waitFor();
        assert.equal(await newcomer.page.getByRole('button', { name: 'Create New Priority' }).count(), 0, `${path}: none of the app's actions`);
      }
      assert.equal(await namePrompt(newcomer.page).count(), 0, 'no name prompt while awaiting approval');
      await expectNoSeriousA11yViolations(newcomer.page, 'awaiting-approval notice');
      await newcomer.page.setViewportSize(PHONE_390);
      await assertNoHorizontalOverflow(newcomer.page, 'awaiting-approval notice at 390 px');
      await expectNoSeriousA11yViolations(newcomer.page, 'awaiting-approval notice at 390 px');

      const { page } = admin;
      await waitForRow(admin.context, newcomerEmail, (row) => row.approvalStatus === 'pending');
      await page.goto('/admin/users');
      await search(page, newcomerEmail);
      const row = rowOf(page, newcomerEmail);
      await row.getByRole('button', { name: 'Approve' }).waitFor();
      assert.deepEqual(await badgesOf(row), ['Pending']);
      await row.getByRole('button', { name: 'Reject' }).waitFor();
      await row.getByRole('button', { name: 'Approve' }).click();
      await toastArea(page).filter({ hasText: 'Success' }).getByText('User has been approved', { exact: true }).waitFor();
      await row.getByRole('button', { name: 'Approve' }).waitFor({ state: 'detached' });
      assert.deepEqual(await badgesOf(row), ['Active']);

      // The newcomer gets in at the next read of the session: the app, starting with the name prompt.
      await newcomer.page.getByRole('button', { name: 'Check again' }).click();
      await namePrompt(newcomer.page).waitFor();

      // Reject: confirmed, red; the account's session ends.
      const second = await suite.start();
      const secondEmail = uniqueEmail('rejected');
      await signInPlain(second.context, suite.server, secondEmail);
      await waitForRow(admin.context, secondEmail, (found) => found.approvalStatus === 'pending');
      await search(page, secondEmail);
      const secondRow = rowOf(page, secondEmail);
      await secondRow.getByRole('button', { name: 'Reject' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Reject User' });
      assert.match((await confirm.getByRole('button', { name: 'Reject User' }).getAttribute('class')) ?? '', /bg-red-600/);
      await confirm.getByRole('button', { name: 'Reject User' }).click();
      await toastArea(page).getByText('User has been rejected', { exact: true }).waitFor();
      await secondRow.getByRole('button', { name: 'Reject' }).waitFor({ state: 'detached' });
      assert.deepEqual(await badgesOf(secondRow), ['Rejected']);
      assert.equal((await second.context.request.get('/api/auth/user')).status(), 401);
    } finally {
      await setApproval('false');
    }
  });
});
