// The pages whose JavaScript weight is held to a budget: the signed-out landing page and every
// signed-in page, each measured as a first visit. Shared by the browser test and `npm run bench`.
import type { Page } from 'playwright-core';
import { signInThroughApi, uniqueEmail, waitForDashboard } from '../browser/browser-helpers.ts';
import { newSession } from './browser.ts';
import { LANDING_BUDGET_KB, measureScriptWeight, SIGNED_IN_BUDGET_KB, type ScriptWeight } from './script-weight.ts';
import type { startTestServer } from './test-server.ts';

export interface PageWeight extends ScriptWeight {
  page: string;
  budgetKb: number;
}

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name }).first().waitFor();

/** Measures every page in one signed-out and one signed-in browser session. */
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
  return results;
}
