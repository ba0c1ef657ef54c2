/// <reference lib="dom" />
// The settings micro-frontend (spec 2.11, 4, 8) in Chromium through the gateway and shell:
// one key per switch, "Settings Updated", the switch going back on failure, and the data counts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer } from '../support/test-server.ts';
import { closeBrowser, newSession, type BrowserSession } from '../support/browser.ts';
import { signInThroughApi, toastArea, uniqueEmail } from './browser-helpers.ts';

describe('settings', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let session: BrowserSession;

  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await closeBrowser();
    await server?.close();
  });

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
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' })
        : route.continue(),
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
    assert.deepEqual(values, Object.values(labels).map((n) => String(n)));
    // Every area's styles share one cascade: the navbar links stay visible on this page at desktop width.
    assert.equal(await page.getByRole('navigation').getByRole('link', { name: 'Priorities' }).first().isVisible(), true);
    assert.deepEqual(session.errors, []);
    await session.close();
  });
});
