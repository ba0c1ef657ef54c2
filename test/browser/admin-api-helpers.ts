// Browser tests of issue 19's citizen side: an administrator acting through the API (signed in with
// an address of ADMIN_EMAILS, given to the server at start) while a citizen's page is open.
import assert from 'node:assert/strict';
import type { PlatformSettingKey, TAnnouncement } from '@civic/contracts';
import type { Page } from 'playwright-core';
import { PLATFORM_SETTING_DEFAULTS } from '@civic/contracts/admin/settings';
import type { ApiClient } from '../support/api-client.ts';
import type { BrowserTestServer } from '../support/browser-suite.ts';
import { signIn } from '../support/sign-in.ts';
import { uniqueEmail } from './browser-helpers.ts';

/** The administrator's address: pass `{ env: adminEnv() }` to useBrowserTestServer. */
export const ADMIN_EMAIL = uniqueEmail('banner-admin');
export const adminEnv = (env: Record<string, string> = {}) => ({ ...env, ADMIN_EMAILS: ADMIN_EMAIL });

/** An API client signed in as the administrator (isAdmin from ADMIN_EMAILS at first sign-in). */
export async function adminClient(suite: BrowserTestServer): Promise<ApiClient> {
  const client = suite.server.stack.client();
  const user = await signIn(suite.server.stack, client, ADMIN_EMAIL);
  assert.equal(user.isAdmin, true, 'ADMIN_EMAILS made the account an administrator');
  return client;
}

/** PUT /api/admin/settings as the screen sends it: {key, value, description (the existing one)}. */
export async function putSetting(admin: ApiClient, key: PlatformSettingKey, value: string): Promise<void> {
  const description = PLATFORM_SETTING_DEFAULTS.find((s) => s.key === key)!.description;
  const answer = await admin.request('PUT', '/api/admin/settings', { body: { key, value, description } });
  assert.equal(answer.status, 200, answer.text);
}

export async function createAnnouncement(admin: ApiClient, body: { title: string; content: string; type: TAnnouncement['type'] }): Promise<TAnnouncement> {
  const answer = await admin.post<TAnnouncement>('/api/admin/announcements', { isActive: true, showUntil: null, ...body });
  assert.equal(answer.status, 200, answer.text);
  return answer.body;
}

export async function patchAnnouncement(admin: ApiClient, id: string, body: Record<string, unknown>): Promise<TAnnouncement> {
  const answer = await admin.request<TAnnouncement>('PATCH', `/api/admin/announcements/${id}`, { body });
  assert.equal(answer.status, 200, answer.text);
  return answer.body;
}

/** The signed-in home at phone width (the navbar's links sit in the drawer there). */
export async function waitForPhoneDashboard(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Create New Priority' }).waitFor();
  await page.getByRole('button', { name: 'Open menu' }).waitFor();
}
