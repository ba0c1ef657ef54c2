// The pages whose JavaScript weight is held to a budget: the signed-out landing page and every
// signed-in page, each measured as a first visit. Shared by the browser test and `npm run bench`.
import type { Page } from 'playwright-core';
import { adminEmail, signInAsAdmin } from '../browser/admin-helpers.ts';
import { signInThroughApi, uniqueEmail, waitForDashboard } from '../browser/browser-helpers.ts';
import { newSession } from './browser.ts';
import { LANDING_BUDGET_KB, measureScriptWeight, SIGNED_IN_BUDGET_KB, type ScriptWeight } from './script-weight.ts';
import type { startTestServer } from './test-server.ts';

export interface PageWeight extends ScriptWeight {
  page: string;
  budgetKb: number;
}

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** The administrator whose pages are measured: the server must start with this env (ADMIN_EMAILS). */
export const WEIGHT_ADMIN_EMAIL = adminEmail('weight');
export const WEIGHT_SERVER_ENV = { ADMIN_EMAILS: WEIGHT_ADMIN_EMAIL };

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name }).first().waitFor();

/** Measures every page in a signed-out, a signed-in citizen's and an administrator's browser session. */
export async function measurePageWeights(server: TestServer): Promise<PageWeight[]> {
  const results: PageWeight[] = [];

  const visitor = await newSession(server.baseUrl);
  try {
    const landing = await measureScriptWeight(visitor.page, '/', heading("Shape America's Future"));
    results.push({ page: 'landing (signed out)', budgetKb: LANDING_BUDGET_KB, ...landing });
  } finally {
    await visitor.close();
  }

  const citizen = await newSession(server.baseUrl);
  try {
    const user = await signInThroughApi(citizen.context, server, uniqueEmail('weight'), { firstName: 'Wendy', lastName: 'Weight' });
    const signedIn: [string, string, (page: Page) => Promise<void>][] = [
      ['dashboard', '/', waitForDashboard],
      ['/priorities', '/priorities', heading('All Priorities')],
      ['/issues', '/issues', heading('Issues')],
      ['/profile', `/profile/${user.id}`, heading(/Wendy Weight/)],
      ['/settings', '/settings', heading('Settings')],
      ['/briefing-room', '/briefing-room', heading('Briefing Room')],
      ['/network', '/network', heading('Citizen Network')],
    ];
    for (const [name, path, ready] of signedIn) {
      results.push({ page: name, budgetKb: SIGNED_IN_BUDGET_KB, ...(await measureScriptWeight(citizen.page, path, ready)) });
    }
  } finally {
    await citizen.close();
  }

  const admin = await newSession(server.baseUrl);
  try {
    await signInAsAdmin(admin.context, server, WEIGHT_ADMIN_EMAIL);
    const adminPages: [string, string][] = [
      ['/admin', 'Admin Dashboard'],
      ['/admin/users', 'User Management'],
      ['/admin/moderation', 'Content Moderation'],
      ['/admin/settings', 'Platform Settings'],
      ['/admin/audit-logs', 'Audit Logs'],
      ['/admin/announcements', 'Announcements'],
    ];
    for (const [path, title] of adminPages) {
      results.push({ page: path, budgetKb: SIGNED_IN_BUDGET_KB, ...(await measureScriptWeight(admin.page, path, heading(title))) });
    }
  } finally {
    await admin.close();
  }
  return results;
}
