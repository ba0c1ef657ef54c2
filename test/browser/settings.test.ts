/// <reference lib="dom" />
// The settings micro-frontend (spec 2.11, 4, 5, 8) in Chromium through the gateway and shell:
// one key per switch, "Settings Updated", the switch going back on failure, the data counts, the
// export download, clearing the activity history, and deleting the account end to end.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { authHasUser } from '../support/auth-users.ts';
import { pollUntil } from '../support/poll.ts';
import { useBrowserTestServer } from '../support/browser-suite.ts';
import { newSession, type BrowserSession } from '../support/browser.ts';
import { namePrompt, signInThroughApi, signInThroughDialog, toastArea, uniqueEmail } from './browser-helpers.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';

const DELETION_FALLBACK = "Failed to delete account. Please ensure you typed 'DELETE' correctly.";

const confirmDialog = (page: Page, name: string) => page.getByRole('alertdialog', { name });

/** Opens the Danger Zone's deletion dialog; returns its field and its confirm button. */
async function openDeletionDialog(page: Page) {
  await page.getByRole('region', { name: 'Danger Zone' }).getByRole('button', { name: 'Delete Account' }).click();
  const deletion = confirmDialog(page, 'Delete Account');
  await deletion.waitFor();
  return {
    deletion,
    field: deletion.getByLabel('Type DELETE to confirm'),
    confirm: deletion.getByRole('button', { name: 'Delete Account' }),
  };
}

describe('settings', { skip: browserTestsSkip() }, () => {
  const { server } = useBrowserTestServer();
  let session: BrowserSession;

  const start = async () => {
    session = await newSession(server.baseUrl);
    return session;
  };

  test('account e-mail is read-only; a privacy switch saves its own key and survives a reload', async () => {
    const { page, context } = await start();
    const email = uniqueEmail('settings');
    await signInThroughApi(context, server, email);
    // Reached from the user menu.
    await page.goto('/');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();

    const account = page.getByRole('region', { name: 'Account' });
    assert.equal(await account.getByLabel('Email').inputValue(), email);
    assert.equal(await account.getByLabel('Email').getAttribute('readonly'), '');
    await account.getByText(/managed by passwordless sign-in/).waitFor();

    const privacy = page.getByRole('region', { name: 'Privacy' });
    assert.equal(await privacy.getByRole('link', { name: 'Manage blocked users' }).getAttribute('href'), '/network?tab=blocked');
    const profileSwitch = privacy.getByRole('switch', { name: 'Public Profile' });
    assert.equal(await profileSwitch.getAttribute('aria-checked'), 'true');

    const patches: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().endsWith('/api/settings')) patches.push(request.postDataJSON());
    });
    await profileSwitch.click();
    await toastArea(page).getByText('Settings Updated', { exact: true }).waitFor();
    assert.equal(await profileSwitch.getAttribute('aria-checked'), 'false');
    assert.deepEqual(patches, [{ profileVisibility: 'private' }], 'only the changed key is sent');

    const notifications = page.getByRole('region', { name: 'Email Notifications' });
    const priority = notifications.getByRole('switch', { name: 'Priority Notifications' });
    const before = await priority.getAttribute('aria-checked');
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith('/api/settings'));
    await priority.click();
    assert.equal((await saved).status(), 200);
    assert.equal(patches.length, 2);

    await page.reload();
    assert.equal(await page.getByRole('switch', { name: 'Public Profile' }).getAttribute('aria-checked'), 'false');
    assert.notEqual(await page.getByRole('switch', { name: 'Priority Notifications' }).getAttribute('aria-checked'), before);
    assert.equal(await page.getByRole('switch', { name: 'Public Activity' }).getAttribute('aria-checked'), 'true');
    const settings = (await (await context.request.get('/api/settings')).json()) as Record<string, unknown>;
    assert.equal(settings.profileVisibility, 'private');
    assert.equal(settings.activityVisibility, 'public');
    assert.deepEqual(session.errors, []);
    await session.close();
  });

  test('a refused change shows "Update Failed" and the switch goes back', async () => {
    const { page, context } = await start();
    await signInThroughApi(context, server, uniqueEmail('refused'));
    await page.route('**/api/settings', (route) =>
      route.request().method() === 'PATCH' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }) : route.continue(),
    );
    await page.goto('/settings');
    const emailSwitch = page.getByRole('switch', { name: 'Email Notifications' });
    const was = await emailSwitch.getAttribute('aria-checked');
    await emailSwitch.click();
    const failure = toastArea(page).filter({ hasText: 'Update Failed' });
    await failure.getByText('Failed to update settings. Please try again.', { exact: true }).waitFor();
    assert.equal(await emailSwitch.getAttribute('aria-checked'), was);
    await session.close();
  });

  test('Data & Storage shows the six counts of /api/account/stats', async () => {
    const { page, context } = await start();
    await signInThroughApi(context, server, uniqueEmail('counts'));
    const stats = (await (await context.request.get('/api/account/stats')).json()) as Record<string, number>;
    await page.goto('/settings');
    const data = page.getByRole('region', { name: 'Data & Storage' });
    const labels = {
      Priorities: stats.prioritiesCount,
      'Briefing Documents': stats.briefingDocsCount,
      Activities: stats.activitiesCount,
      Votes: stats.votesCount,
      Followers: stats.followersCount,
      Following: stats.followingCount,
    };
    await data.getByRole('term').first().waitFor();
    const terms = await data.getByRole('term').allInnerTexts();
    const values = await data.getByRole('definition').allInnerTexts();
    assert.deepEqual(terms, Object.keys(labels));
    assert.deepEqual(
      values,
      Object.values(labels).map((n) => String(n)),
    );
    // Every area's styles share one cascade: the navbar links stay visible on this page at desktop width.
    assert.equal(await page.getByRole('navigation').getByRole('link', { name: 'Priorities' }).first().isVisible(), true);
    assert.deepEqual(session.errors, []);
    await session.close();
  });

  test('Export Data downloads the account document as a JSON file named with a timestamp', async () => {
    const { page, context } = await start();
    const email = uniqueEmail('export');
    await signInThroughApi(context, server, email, { firstName: 'Octavia', lastName: 'Exporter' });
    // The answer is held back until the button has been seen disabled.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/account/export', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/settings');
    const account = page.getByRole('region', { name: 'Account' });
    const exportButton = account.getByRole('button', { name: 'Export Data' });
    const downloaded = page.waitForEvent('download');
    await exportButton.click();
    await account.locator('button:disabled', { hasText: 'Export Data' }).waitFor();
    release();

    const download = await downloaded;
    assert.match(download.suggestedFilename(), /civic-agenda-data-.*\d{4}-\d{2}-\d{2}T.*\.json$/);
    const document = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      userId: string;
      sections: { auth: { email: string }; account: { profile: { firstName: string; lastName: string } } };
    };
    assert.equal(document.sections.auth.email, email);
    assert.equal(document.sections.account.profile.firstName, 'Octavia');
    assert.equal(document.sections.account.profile.lastName, 'Exporter');
    const exported = toastArea(page).filter({ hasText: 'Data Exported' });
    await exported.getByText('Data Exported', { exact: true }).waitFor();
    await exported.getByText('Your data has been downloaded.', { exact: true }).waitFor();
    assert.equal(await exportButton.isEnabled(), true);
    assert.deepEqual(session.errors, []);
    await session.close();
  });

  test('Clear Activity History asks first: Cancel sends nothing, confirming clears and refetches the counts', async () => {
    const { page, context } = await start();
    await signInThroughApi(context, server, uniqueEmail('clear'));
    await page.goto('/settings');
    const data = page.getByRole('region', { name: 'Data & Storage' });
    const clears: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/activities/clear')) clears.push(request.method());
    });

    const clear = confirmDialog(page, 'Clear Activity History');
    await data.getByRole('button', { name: 'Clear Activity History' }).click();
    await clear.getByText(/permanently removes your activity history/).waitFor();
    await clear.getByRole('button', { name: 'Cancel' }).click();
    await clear.waitFor({ state: 'detached' });
    assert.deepEqual(clears, [], 'Cancel sends nothing');

    await data.getByRole('button', { name: 'Clear Activity History' }).click();
    const cleared = page.waitForResponse((r) => r.url().endsWith('/api/activities/clear'));
    const counted = page.waitForRequest((r) => r.method() === 'GET' && r.url().endsWith('/api/account/stats'));
    await clear.getByRole('button', { name: 'Clear History' }).click();
    assert.equal((await cleared).status(), 200);
    const toast = toastArea(page).filter({ hasText: 'Activity Cleared' });
    await toast.getByText('Activity Cleared', { exact: true }).waitFor();
    await toast.getByText('Your activity history has been cleared.', { exact: true }).waitFor();
    await clear.waitFor({ state: 'detached' });
    await counted; // the counts are read again
    assert.deepEqual(clears, ['DELETE']);
    assert.deepEqual(session.errors, []);
    await session.close();
  });

  test('deleting the account: typed DELETE only, "Account Deleted", the landing page 2 s later, and a fresh account on the next sign-in', async () => {
    const { page, context } = await start();
    const email = uniqueEmail('delete');
    const user = await signInThroughApi(context, server, email, { firstName: 'Ephemera' });
    await page.goto('/settings');
    let { deletion, field, confirm } = await openDeletionDialog(page);
    await deletion.getByText(/permanently deletes your account and your data/).waitFor();

    // Spec 5: exactly DELETE, case and spaces included.
    assert.equal(await confirm.isDisabled(), true);
    for (const typed of ['delete', 'DELETE ', ' DELETE', 'Delete', 'DELET']) {
      await field.fill(typed);
      assert.equal(await confirm.isDisabled(), true, `"${typed}" does not confirm`);
    }
    await field.fill('DELETE');
    assert.equal(await confirm.isEnabled(), true);

    // Closing forgets what was typed.
    await deletion.getByRole('button', { name: 'Cancel' }).click();
    await deletion.waitFor({ state: 'detached' });
    ({ deletion, field, confirm } = await openDeletionDialog(page));
    assert.equal(await field.inputValue(), '');
    assert.equal(await confirm.isDisabled(), true);
    await page.keyboard.press('Escape');
    await deletion.waitFor({ state: 'detached' });
    ({ deletion, field, confirm } = await openDeletionDialog(page));

    const bodies: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'DELETE' && new URL(request.url()).pathname === '/api/account') bodies.push(request.postDataJSON());
    });
    await field.fill('DELETE');
    // The toast lives 2 s before the full load of the home page: the page reports each toast as it
    // appears, so a busy test process that looks late still sees it.
    const toasts: string[] = [];
    await page.exposeFunction('reportToast', (text: string) => void toasts.push(text));
    await page.evaluate(() => {
      const report = (window as unknown as { reportToast: (text: string) => void }).reportToast;
      new MutationObserver(() => {
        for (const item of document.querySelectorAll('[role="region"][aria-label="Notifications (F8)"] li')) report(item.textContent ?? '');
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const answered = page.waitForResponse((r) => r.request().method() === 'DELETE' && new URL(r.url()).pathname === '/api/account');
    await confirm.click();
    const answer = await answered;
    assert.equal(answer.status(), 200);
    assert.deepEqual(bodies, [{ confirmation: 'DELETE' }]);
    await pollUntil(
      async () => toasts.some((text) => text.includes('Account Deleted') && text.includes('Your account has been permanently deleted.')),
      (seen) => seen,
      10_000,
    );

    // Spec 4: the home page, with a full load, after 2 seconds: the signed-out landing page.
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
    // Both moments on the browser's clock (when it had the answer, when the new page's navigation
    // began), so a busy test process seeing either late cannot skew the wait measured.
    const timing = answer.request().timing();
    const answeredAt = timing.startTime + timing.responseEnd;
    const navigatedAt = await page.evaluate(() => performance.timeOrigin);
    assert.ok(navigatedAt - answeredAt >= 1500, `redirected ${Math.round(navigatedAt - answeredAt)} ms after the answer`);
    await page.getByRole('heading', { level: 1, name: "Shape America's Future" }).waitFor();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0, 'no signed-in navigation');
    const status = await page.evaluate(async () => (await fetch('/api/auth/user', { credentials: 'include' })).status);
    assert.equal(status, 401);

    // The same address signs up afresh: a new id, and no name yet, so the first-sign-in prompt asks again
    // (once auth has erased the old row: it does so when it consumes the deletion event).
    await pollUntil(
      () => authHasUser(server.stack, user.id),
      (exists) => !exists,
    );
    await signInThroughDialog(page, server, email);
    await namePrompt(page).waitFor();
    const fresh = (await (await context.request.get('/api/auth/user')).json()) as { id: string; firstName: string | null };
    assert.notEqual(fresh.id, user.id);
    assert.equal(fresh.firstName, null);
    assert.deepEqual(session.errors, []);
    await session.close();
  });

  test('refused export, clear and deletion show their failure toasts; the account stays', async () => {
    const { page, context } = await start();
    await signInThroughApi(context, server, uniqueEmail('refusals'));
    await page.route('**/api/account/export', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"auth is down"}' }));
    await page.route('**/api/activities/clear', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
    let deletionAnswer = { status: 400, contentType: 'application/json', body: '{"message":"boom"}' };
    await page.route('**/api/account', (route) => (route.request().method() === 'DELETE' ? route.fulfill(deletionAnswer) : route.continue()));
    await page.goto('/settings');

    await page.getByRole('region', { name: 'Account' }).getByRole('button', { name: 'Export Data' }).click();
    const exportFailed = toastArea(page).filter({ hasText: 'Export Failed' });
    await exportFailed.getByText('Failed to export your data. Please try again.', { exact: true }).waitFor();

    await page.getByRole('region', { name: 'Data & Storage' }).getByRole('button', { name: 'Clear Activity History' }).click();
    await confirmDialog(page, 'Clear Activity History').getByRole('button', { name: 'Clear History' }).click();
    const clearFailed = toastArea(page).filter({ hasText: 'Clear Failed' });
    await clearFailed.getByText('Failed to clear activity history. Please try again.', { exact: true }).waitFor();

    // The server's message when it gives one, the spec's fallback otherwise; the dialog stays open to try again.
    const { deletion, field, confirm } = await openDeletionDialog(page);
    await field.fill('DELETE');
    await confirm.click();
    const deletionFailed = toastArea(page).filter({ hasText: 'Deletion Failed' });
    await deletionFailed.getByText('boom', { exact: true }).waitFor();
    assert.equal(await deletion.isVisible(), true);
    assert.equal(await field.inputValue(), 'DELETE');
    deletionAnswer = { status: 502, contentType: 'text/html', body: '<html>Bad Gateway</html>' };
    await confirm.click();
    await deletionFailed.getByText(DELETION_FALLBACK, { exact: true }).waitFor();

    await page.waitForTimeout(2500);
    assert.equal(new URL(page.url()).pathname, '/settings', 'no redirect after a failure');
    assert.equal((await context.request.get('/api/auth/user')).status(), 200);
    await session.close();
  });
});
