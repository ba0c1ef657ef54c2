/// <reference lib="dom" />
// Helpers shared by the browser tests: the page's landmarks and sign-in shortcuts.
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';

export interface TestServer {
  baseUrl: string;
  readLatestMail(to: string): Promise<{ subject: string; text: string; code: string | null; link: string | null }>;
}

let addressCounter = 0;
/** A fresh address per test: mail limits and the resend cooldown are per address. */
export function uniqueEmail(label: string): string {
  addressCounter += 1;
  return `${label}.${process.pid}.${addressCounter}.${Date.now()}@example.com`;
}

export const dialog = (page: Page) => page.getByRole('dialog');

/** The toasts shown in the notification area (Radix labels it "Notifications (F8)"). By CSS, not
 *  role: while a modal dialog is open the rest of the page is aria-hidden (Radix then announces
 *  toasts through its own live region). */
export const toastArea = (page: Page) => page.locator('[role="region"][aria-label="Notifications (F8)"] li');

export async function openSignInDialog(page: Page, buttonName = 'Sign In'): Promise<void> {
  await page.getByRole('button', { name: buttonName, exact: true }).click();
  await dialog(page).getByText('US citizens only, one account per person', { exact: true }).waitFor();
}

/** Fills the e-mail field of the current tab and sends; waits for the verify step when asking for a code. */
export async function requestCode(page: Page, email: string): Promise<void> {
  await dialog(page).getByRole('tab', { name: 'Email Code' }).click();
  await dialog(page).getByLabel('Email address').fill(email);
  await dialog(page).getByRole('button', { name: 'Send Code' }).click();
  await dialog(page).getByText(email, { exact: true }).waitFor();
}

/** Signs in through the landing page's dialog: the code is typed into the six boxes, which submit
 *  on their own; the page then loads again signed in. */
export async function signInThroughDialog(page: Page, server: TestServer, email: string): Promise<void> {
  await openSignInDialog(page);
  await requestCode(page, email);
  await dialog(page).getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(await codeFor(server, email));
  await page.getByRole('dialog', { name: 'Check your email' }).waitFor({ state: 'detached' });
}

export async function codeFor(server: TestServer, email: string): Promise<string> {
  const mail = await server.readLatestMail(email);
  assert.ok(mail.code, `the mail to ${email} carries a six-digit code`);
  return mail.code;
}

export interface SignedInUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  politicalCapital: number;
  followers: number;
  following: number;
}

export async function csrfHeaders(context: BrowserContext): Promise<Record<string, string>> {
  const csrf = (await (await context.request.get('/api/csrf-token')).json()) as { token: string };
  return { 'X-CSRF-Token': csrf.token };
}

/** The first-sign-in prompt asking for a name while the user has none (a non-modal dialog under the navigation). */
export const NAME_PROMPT_TITLE = 'Welcome to Civic Agenda';
export const namePrompt = (page: Page) => page.getByRole('dialog', { name: NAME_PROMPT_TITLE });

/** Answers the first-sign-in name prompt and waits until it is gone. */
export async function answerNamePrompt(page: Page, firstName: string, lastName = ''): Promise<void> {
  const prompt = namePrompt(page);
  await prompt.getByLabel('First name').fill(firstName);
  if (lastName) await prompt.getByLabel('Last name (optional)').fill(lastName);
  await prompt.getByRole('button', { name: 'Continue' }).click();
  await prompt.waitFor({ state: 'detached' });
}

/**
 * Signs the context in through the API (same cookie jar as the page), for tests about signed-in
 * screens. A new user is given a first name (default "Test Citizen") so the first-sign-in name
 * prompt stays away; pass `firstName: null` to keep the account nameless.
 */
export async function signInThroughApi(
  context: BrowserContext,
  server: TestServer,
  email: string,
  options: { firstName?: string | null; lastName?: string } = {},
): Promise<SignedInUser> {
  const { firstName = 'Test', lastName = 'Citizen' } = options;
  const headers = await csrfHeaders(context);
  const sent = await context.request.post('/api/auth/email/send-otp', { data: { email }, headers });
  assert.equal(sent.status(), 200, await sent.text());
  const { stateId } = (await sent.json()) as { stateId: string };
  const verified = await context.request.post('/api/auth/email/verify-otp', {
    data: { stateId, otp: await codeFor(server, email) },
    headers,
  });
  assert.equal(verified.status(), 200, await verified.text());
  let user = (await (await context.request.get('/api/auth/user')).json()) as SignedInUser;
  if (firstName !== null && !user.firstName) {
    const named = await context.request.patch(`/api/users/${user.id}/profile`, {
      data: { firstName, lastName },
      headers: await csrfHeaders(context),
    });
    assert.equal(named.status(), 200, await named.text());
    user = (await (await context.request.get('/api/auth/user')).json()) as SignedInUser;
    assert.equal(user.firstName, firstName, 'GET /api/auth/user shows the new first name');
  }
  // The ledger opens the account (initial_political_capital) from the registration event, and the
  // balance reaches this answer a moment after sign-in: wait for it, so a page shows what we return.
  for (const deadline = Date.now() + 8000; user.politicalCapital === 0 && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    user = (await (await context.request.get('/api/auth/user')).json()) as SignedInUser;
  }
  assert.ok(user.politicalCapital > 0, 'the initial political capital reached GET /api/auth/user');
  return user;
}

/** The signed-in home: dashboard hero plus navbar. */
export async function waitForDashboard(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Create New Priority' }).waitFor();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  // Top Priorities comes from the priorities micro-frontend, loaded after the dashboard's own parts:
  // the dashboard is whole once its filters are shown and its first list read has answered.
  await page.getByRole('searchbox', { name: 'Search priorities' }).waitFor();
  await page.getByRole('status', { name: 'Loading priorities...' }).waitFor({ state: 'detached' });
}

/** Pastes text into an element the way a browser does (a paste event carrying clipboard data). */
export async function pasteInto(page: Page, selector: string, text: string): Promise<void> {
  await page
    .locator(selector)
    .first()
    .evaluate((element, value) => {
      const data = new DataTransfer();
      data.setData('text/plain', value);
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
}

export async function digitValues(page: Page): Promise<string[]> {
  return dialog(page)
    .getByRole('group', { name: 'Verification code' })
    .locator('input')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}
