/// <reference lib="dom" />
// The first-sign-in name prompt (kit chrome) and the profile micro-frontend (spec 2.10, 2.15, 5, 8)
// in Chromium through the gateway and shell.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { useBrowserTestServer } from '../support/browser-suite.ts';
import { newSession, type BrowserSession } from '../support/browser.ts';
import { answerNamePrompt, namePrompt, signInThroughApi, toastArea, uniqueEmail, waitForDashboard } from './browser-helpers.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';

describe('name prompt and profile', { skip: browserTestsSkip() }, () => {
  const { server } = useBrowserTestServer();
  const sessions: BrowserSession[] = [];

  const start = async () => {
    const session = await newSession(server.baseUrl);
    sessions.push(session);
    return session;
  };
  const finish = async () => {
    for (const session of sessions.splice(0)) {
      assert.deepEqual(session.errors, [], 'no script errors on the page');
      await session.close();
    }
  };

  test('a new user is asked for a first name on every page until one is saved; the navbar then shows it', async () => {
    const { page, context } = await start();
    await signInThroughApi(context, server, uniqueEmail('nameless'), { firstName: null });
    await page.goto('/settings');
    const prompt = namePrompt(page);
    await prompt.waitFor();
    await page.goto('/');
    await prompt.waitFor();

    // It does not block the page: the navigation answers clicks and the prompt follows to the next
    // page. It cannot be dismissed: no close button, Escape leaves it, an empty name is refused.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Briefing Room' }).click();
    await page.waitForURL((url) => url.pathname === '/briefing-room');
    await prompt.waitFor();
    assert.equal(await prompt.getByRole('button', { name: 'Close' }).count(), 0);
    await page.keyboard.press('Escape');
    await prompt.getByRole('button', { name: 'Continue' }).click();
    await prompt.getByRole('alert').getByText('First name is required', { exact: true }).waitFor();
    await prompt.getByLabel('First name').fill('   ');
    await prompt.getByRole('button', { name: 'Continue' }).click();
    assert.equal(await prompt.isVisible(), true);

    await page.goto('/');
    await answerNamePrompt(page, 'Nora', 'Newman');
    await waitForDashboard(page);
    await page.getByRole('button', { name: 'User menu' }).getByText('Nora Newman', { exact: true }).waitFor();
    const user = (await (await context.request.get('/api/auth/user')).json()) as { firstName: string; lastName: string };
    assert.deepEqual([user.firstName, user.lastName], ['Nora', 'Newman']);

    await page.reload();
    await waitForDashboard(page);
    assert.equal(await prompt.count(), 0, 'no prompt once the name is set');
    await finish();
  });

  test('own profile: Edit Profile checks fields with the server messages, then saves and shows the new values', async () => {
    const { page, context } = await start();
    const user = await signInThroughApi(context, server, uniqueEmail('editor'), { firstName: 'Edith', lastName: 'Editor' });
    // The user menu leads to one's own profile. (The dashboard's daily login credits 1 PC first.)
    await page.goto('/');
    await page.getByRole('region', { name: 'Political Capital Activity' }).getByText('Daily login bonus', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edith Editor' }).waitFor();
    assert.equal(new URL(page.url()).pathname, `/profile/${user.id}`);
    await page.getByRole('img', { name: "Edith Editor's avatar" }).waitFor();
    const stats = page.getByRole('definition');
    assert.equal(await stats.first().innerText(), `${(user.politicalCapital + 1).toLocaleString('en-US')} PC`);
    assert.equal(await page.getByRole('heading', { name: 'Connect' }).count(), 0, 'no links set, no Connect card');

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Profile' });
    await editor.getByLabel('First Name').fill('');
    await editor.getByLabel('Twitter Handle').fill('not a handle!');
    await editor.getByLabel('LinkedIn URL').fill('https://example.com/me');
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await editor.getByText('First name is required', { exact: true }).waitFor();
    await editor.getByText('Invalid Twitter handle', { exact: true }).waitFor();
    await editor.getByText('Must be a valid LinkedIn URL', { exact: true }).waitFor();

    await editor.getByLabel('First Name').fill('Edie');
    await editor.getByLabel('Twitter Handle').fill('edie_e');
    await editor.getByLabel('LinkedIn URL').fill('');
    await editor.getByLabel('Bio').fill('Teacher and volunteer.');
    await editor.getByLabel('Location').fill('Springfield, IL');
    await editor.getByLabel('Occupation').fill('Teacher');
    await editor.getByLabel('Birth Year').fill('1990');
    await editor.getByLabel('Gender').selectOption('non-binary');
    await editor.getByLabel('Website').fill('https://edie.example.com');
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await toastArea(page).getByText('Profile Updated', { exact: true }).waitFor();
    await editor.waitFor({ state: 'detached' });

    await page.getByRole('heading', { level: 1, name: 'Edie Editor' }).waitFor();
    const about = page.getByRole('list', { name: 'About' });
    await about.getByText('Springfield, IL').waitFor();
    await about.getByText(`${new Date().getFullYear() - 1990} years old`).waitFor();
    await about.getByText('Teacher').waitFor();
    await page.getByText('Teacher and volunteer.').waitFor();
    const twitter = page.getByRole('link', { name: '@edie_e' });
    assert.equal(await twitter.getAttribute('href'), 'https://twitter.com/edie_e');
    assert.equal(await page.getByRole('link', { name: 'https://edie.example.com' }).getAttribute('href'), 'https://edie.example.com');
    assert.equal(await page.getByText('LinkedIn').count(), 0, 'unset links are left out');
    // The current user was refetched: the navbar has the new name.
    await page.getByRole('button', { name: 'User menu' }).getByText('Edie Editor', { exact: true }).waitFor();

    // The dialog opens with the saved values; the gender survives a reload.
    await page.reload();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    assert.equal(await editor.getByLabel('Gender').inputValue(), 'non-binary');
    assert.equal(await editor.getByLabel('Birth Year').inputValue(), '1990');
    await finish();
  });

  test("another user's profile: no Edit Profile; a private one shows only name and avatar", async () => {
    const owner = await start();
    const other = await signInThroughApi(owner.context, server, uniqueEmail('other'), { firstName: 'Olive', lastName: 'Other' });
    const { page, context } = await start();
    await signInThroughApi(context, server, uniqueEmail('visitor'));

    await page.goto(`/profile/${other.id}`);
    await page.getByRole('heading', { level: 1, name: 'Olive Other' }).waitFor();
    await page.getByRole('heading', { name: 'About' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Edit Profile' }).count(), 0);

    const csrf = (await (await owner.context.request.get('/api/csrf-token')).json()) as { token: string };
    const hidden = await owner.context.request.patch('/api/settings', {
      data: { profileVisibility: 'private' },
      headers: { 'X-CSRF-Token': csrf.token },
    });
    assert.equal(hidden.status(), 200, await hidden.text());
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Olive Other' }).waitFor();
    await page.getByText('This profile is private.').waitFor();
    await page.getByRole('img', { name: "Olive Other's avatar" }).waitFor();
    assert.equal(await page.getByRole('heading', { name: 'About' }).count(), 0);
    await finish();
  });

  test('/profile/<unknown id> shows "User not found"', async () => {
    const { page, context } = await start();
    await signInThroughApi(context, server, uniqueEmail('lost'));
    await page.goto(`/profile/${randomUUID()}`);
    await page.getByRole('heading', { level: 1, name: 'User not found' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await finish();
  });
});
