/// <reference lib="dom" />
// Sign-in and signed-in chrome in Chromium through the gateway and shell: code typed and
// pasted (spec 2.4, 5), magic link (4), "Use different email", sign-out (4), the navbar and
// its phone drawer (2.2), and the 404 page for routes without a micro-frontend yet (2.1).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useBrowserTestServer } from '../support/browser-suite.ts';
import { newSession, PHONE_VIEWPORT, type BrowserSession } from '../support/browser.ts';
import {
  answerNamePrompt,
  codeFor,
  csrfHeaders,
  dialog,
  digitValues,
  openSignInDialog,
  pasteInto,
  requestCode,
  signInThroughApi,
  toastArea,
  uniqueEmail,
  waitForDashboard,
} from './browser-helpers.ts';
import { browserTestsSkip } from '../support/chromium-plan.ts';

describe('sign-in and signed-in chrome', { skip: browserTestsSkip() }, () => {
  const { server } = useBrowserTestServer();
  let session: BrowserSession;

  const start = async (options: Parameters<typeof newSession>[1] = {}) => {
    session = await newSession(server.baseUrl, options);
    return session;
  };
  const finish = async () => {
    assert.deepEqual(session.errors, [], 'no script errors on the page');
    await session.close();
  };

  test('typing the e-mailed code into the six boxes signs in automatically', async () => {
    const { page } = await start();
    await page.goto('/');
    await openSignInDialog(page);
    const email = uniqueEmail('typed');
    await requestCode(page, email);
    await dialog(page).getByText('The code expires in 10 minutes.', { exact: true }).waitFor();
    // Resend waits 30 seconds from when the verify step appears (spec 4).
    const resend = dialog(page).getByRole('button', { name: /^Resend code/ });
    await resend.waitFor();
    assert.equal(await resend.isDisabled(), true);
    assert.match((await resend.textContent()) ?? '', /Resend code \((30|29|28)s\)/);

    // An incomplete manual submit is refused with the spec message.
    await dialog(page).getByLabel('Digit 1 of 6').click();
    await page.keyboard.type('12');
    assert.deepEqual(await digitValues(page), ['1', '2', '', '', '', '']);
    await dialog(page).getByRole('button', { name: 'Verify Code' }).click();
    await dialog(page).getByRole('alert').getByText('Please enter all 6 digits', { exact: true }).waitFor();

    // Backspace on an empty box moves back; arrows move between boxes.
    await dialog(page).getByLabel('Digit 3 of 6').click();
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    assert.deepEqual(await digitValues(page), ['', '', '', '', '', '']);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Digit 1 of 6');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Digit 2 of 6');
    await page.keyboard.press('ArrowLeft');

    // Typing all six digits submits without pressing the button.
    await page.keyboard.type(await codeFor(server, email));
    // A new account has no name yet: after the reload the first-sign-in prompt asks for one.
    await page.getByRole('dialog', { name: 'Check your email' }).waitFor({ state: 'detached' });
    await answerNamePrompt(page, 'Typed', 'Tester');
    await waitForDashboard(page);
    assert.equal(new URL(page.url()).pathname, '/');
    await page.getByRole('button', { name: 'User menu' }).getByText('Typed Tester').waitFor();
    await finish();
  });

  test('a wrong code is rejected; a pasted code keeps digits only and the first six', async () => {
    const { page } = await start();
    await page.goto('/');
    await openSignInDialog(page, 'Get Started');
    const email = uniqueEmail('pasted');
    await requestCode(page, email);
    const code = await codeFor(server, email);
    const wrong = code === '000000' ? '111111' : '000000';

    await dialog(page).getByLabel('Digit 1 of 6').click();
    await page.keyboard.type(wrong);
    await dialog(page).getByRole('alert').getByText('Invalid verification code', { exact: true }).waitFor();
    await toastArea(page).getByText('Verification Failed', { exact: true }).waitFor();

    // Letters are dropped on paste; with fewer than six digits nothing is sent.
    await pasteInto(page, '[aria-label="Digit 1 of 6"]', 'ab1-2');
    assert.deepEqual(await digitValues(page), ['1', '2', '', '', '', '']);

    await pasteInto(page, '[aria-label="Digit 1 of 6"]', `Code: ${code.slice(0, 3)} ${code.slice(3)}99`);
    await page.getByRole('dialog', { name: 'Check your email' }).waitFor({ state: 'detached' });
    await answerNamePrompt(page, 'Pasted');
    await waitForDashboard(page);
    await finish();
  });

  test('following the e-mailed magic link signs in', async () => {
    const { page } = await start();
    await page.goto('/');
    await openSignInDialog(page, 'Sign Up Now');
    const email = uniqueEmail('link');
    await dialog(page).getByLabel('Email address').fill(email);
    await dialog(page).getByRole('button', { name: 'Send Magic Link' }).click();
    // Spec 2.4: a green message, the dialog stays open, and a resend link appears.
    const success = dialog(page).getByRole('status');
    await success.waitFor();
    assert.match((await success.getAttribute('data-variant')) ?? '', /success/);
    await dialog(page).getByRole('button', { name: 'Resend magic link' }).waitFor();

    const mail = await server.readLatestMail(email);
    assert.ok(mail.link, 'the mail carries a sign-in link');
    await page.goto(mail.link);
    await answerNamePrompt(page, 'Linked');
    await waitForDashboard(page);
    assert.equal(new URL(page.url()).search, '', 'the token is gone from the address');
    await finish();
  });

  test('"Use different email" returns to the login step', async () => {
    const { page } = await start();
    await page.goto('/');
    await openSignInDialog(page);
    const first = uniqueEmail('first');
    await requestCode(page, first);
    await dialog(page).getByRole('button', { name: 'Use different email' }).click();
    await dialog(page).getByLabel('Email address').waitFor();
    assert.equal(await dialog(page).getByRole('group', { name: 'Verification code' }).count(), 0);
    const second = uniqueEmail('second');
    await requestCode(page, second);
    assert.equal(await dialog(page).getByText(first).count(), 0);
    await finish();
  });

  test('signed in: /issues shows the Issues page, an unknown path the 404 page inside the chrome; /network its page', async () => {
    const { page, context } = await start();
    await signInThroughApi(context, server, uniqueEmail('routes'));
    await page.goto('/network');
    await page.getByRole('heading', { level: 1, name: 'Citizen Network' }).waitFor();
    const main = page.getByRole('navigation', { name: 'Main' });
    assert.equal(await main.getByRole('link', { name: 'Network' }).getAttribute('aria-current'), 'page');
    assert.equal(await main.getByRole('link', { name: 'Priorities' }).getAttribute('aria-current'), null);
    await page.goto('/issues');
    await page.getByRole('heading', { level: 1, name: 'Issues', exact: true }).waitFor();
    assert.equal(await main.getByRole('link', { name: 'Issues' }).getAttribute('aria-current'), 'page');
    await page.goto('/no-such-page');
    await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
    await page.getByText('US citizens only, one account per person, be civil', { exact: true }).waitFor();
    assert.match(await page.getByRole('contentinfo').innerText(), /© 2024/);
    // Client-side navigation: the logo leads home, to the dashboard.
    await page.getByRole('link', { name: 'Civic Agenda home' }).click();
    await waitForDashboard(page);
    assert.equal(await main.getByRole('link', { name: 'Issues' }).getAttribute('aria-current'), null);
    await finish();
  });

  test('Sign Out from the user menu ends the session and shows the landing page', async () => {
    const { page, context } = await start();
    await signInThroughApi(context, server, uniqueEmail('signout'));
    await page.goto('/');
    await waitForDashboard(page);
    await page.getByRole('button', { name: 'User menu' }).click();
    for (const item of ['Profile', 'Settings']) await page.getByRole('menuitem', { name: item }).waitFor();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByRole('button', { name: 'Get Started' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0);
    assert.equal((await context.request.get('/api/auth/user')).status(), 401);
    await finish();
  });

  test('a session ended elsewhere: the next read refused opens the sign-in dialog on the signed-out screens', async () => {
    const { page, context } = await start();
    await signInThroughApi(context, server, uniqueEmail('ended'));
    await page.goto('/');
    await waitForDashboard(page);
    // Signed out from another tab (the same cookie): this page does not know yet.
    const loggedOut = await context.request.post('/api/auth/logout', { headers: await csrfHeaders(context) });
    assert.equal(loggedOut.status(), 200, await loggedOut.text());
    assert.equal(await page.getByText('US citizens only, one account per person', { exact: true }).count(), 0);
    // A search reads the list again, and that read is refused.
    await page.getByRole('searchbox', { name: 'Search priorities' }).fill('water');
    await dialog(page).getByText('US citizens only, one account per person', { exact: true }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).waitFor({ state: 'detached' });
    await finish();
  });

  test('at phone width the links move into a drawer with name, e-mail and PC balance', async () => {
    const { page, context } = await start({ viewport: PHONE_VIEWPORT });
    const email = uniqueEmail('phone');
    const user = await signInThroughApi(context, server, email, { firstName: 'Phoebe', lastName: 'Phone' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Create New Priority' }).waitFor();
    // The dashboard's daily login credits 1 PC; the drawer shows the balance with it.
    await page.getByRole('region', { name: 'Political Capital Activity' }).getByText('Daily login bonus', { exact: true }).waitFor();
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).isVisible(), false, 'desktop links are hidden');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    const account = drawer.getByRole('region', { name: 'Your account' });
    // Spec 2.2: name, then e-mail.
    await account.getByText('Phoebe Phone', { exact: true }).waitFor();
    assert.equal(await account.getByText(email, { exact: true }).count(), 1);
    await account.getByText(`${(user.politicalCapital + 1).toLocaleString('en-US')} PC`).waitFor();
    for (const link of ['Issues', 'Priorities', 'Briefing Room', 'Network']) {
      await drawer.getByRole('link', { name: link, exact: true }).waitFor();
    }
    await drawer.getByRole('link', { name: 'Briefing Room' }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Briefing Room' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/briefing-room');
    await finish();
  });
});
