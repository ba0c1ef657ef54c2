/// <reference lib="dom" />
// Administrators in browser tests: an address listed in ADMIN_EMAILS becomes an administrator at its
// first sign-in (services/auth), so a suite starts its server with the addresses it will sign in.
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { type SignedInUser, signInThroughApi, type TestServer } from './browser-helpers.ts';
import { BULK_ENV } from './priority-helpers.ts';

/** A fixed administrator address per label (ADMIN_EMAILS must know it before the server starts). */
export const adminEmail = (label: string) => `${label}.admin.${process.pid}@example.gov`;

/** The server's settings for a suite whose administrators are `emails` (and generous rate limits). */
export const adminServerEnv = (...emails: string[]) => ({ ...BULK_ENV, ADMIN_EMAILS: emails.join(',') });

/** Signs an administrator in through the API (the page shares the context's cookies). */
export async function signInAsAdmin(context: BrowserContext, server: TestServer, email: string): Promise<SignedInUser> {
  const user = await signInThroughApi(context, server, email, { firstName: 'Ada', lastName: 'Admin' });
  const me = (await (await context.request.get('/api/auth/user')).json()) as { isAdmin: boolean };
  assert.equal(me.isAdmin, true, `${email} is an administrator (ADMIN_EMAILS)`);
  return user;
}

export const adminHeading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** Requests the page made under /mf/admin/ (the admin remote's code). */
export function recordAdminRemoteRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/mf/admin/')) seen.push(request.url());
  });
  return seen;
}

/** The page is no wider than the viewport (nothing scrolls sideways at phone width). */
export async function assertNoHorizontalOverflow(page: Page, what: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  assert.ok(scrollWidth <= clientWidth, `${what}: the page is ${scrollWidth} px wide in a ${clientWidth} px viewport`);
}

export const PHONE_390 = { width: 390, height: 844 } as const;
