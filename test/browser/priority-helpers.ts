/// <reference lib="dom" />
// Helpers of the priorities browser tests: citizens and priorities seeded through the API (quicker
// than the dialog when a test needs many), settings for the run, and the cards of a page.
import assert from 'node:assert/strict';
import type { TPriority, TVoteResult, TVoteType } from '@civic/contracts';
import type { Locator, Page } from 'playwright-core';
import type { ApiClient } from '../support/api-client.ts';
import { signIn } from '../support/sign-in.ts';
import type { TestServer } from '../support/test-server.ts';
import { uniqueEmail } from './browser-helpers.ts';

/** Budgets for tests that sign many citizens in and write in bulk from one address. */
export const BULK_ENV = { RATE_LIMIT_SIGN_IN_MAIL: '1000', RATE_LIMIT_WRITE: '100000', RATE_LIMIT_ACCOUNT_WRITE: '100000', RATE_LIMIT_READ: '100000' };

export const allPriorities = (page: Page) => page.getByRole('list', { name: 'All Priorities' });
export const topPriorities = (page: Page) => page.getByRole('list', { name: 'Top Priorities This Week' });

/** Answers `method` calls to `pattern` with a status and JSON body; other calls go through. */
export async function fulfillWith(page: Page, method: string, pattern: RegExp, status: number, body: unknown): Promise<void> {
  await page.route(pattern, (route) =>
    route.request().method() === method ? route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }) : route.fallback(),
  );
}

export interface ApiCitizen {
  client: ApiClient;
  id: string;
}

/** A named citizen signed in through the API (own client address, own cookies). */
export async function apiCitizen(server: TestServer, firstName: string, lastName = 'Citizen'): Promise<ApiCitizen> {
  const client = server.stack.client();
  const { id } = await signIn(server.stack, client, uniqueEmail(firstName.toLowerCase()));
  const named = await client.request('PATCH', `/api/users/${id}/profile`, { body: { firstName, lastName } });
  assert.equal(named.status, 200, named.text);
  return { client, id };
}

export const LONG_ENOUGH = 'A description that easily passes the fifty character minimum of spec 5 for priorities.';

export async function apiCreatePriority(citizen: ApiCitizen, body: { title: string; description?: string; issueId?: number }): Promise<TPriority> {
  const answer = await citizen.client.post<TPriority>('/api/priorities', { description: LONG_ENOUGH, ...body });
  assert.equal(answer.status, 200, answer.text);
  return answer.body;
}

export async function apiVote(citizen: ApiCitizen, priorityId: string, voteType: TVoteType): Promise<TVoteResult> {
  const answer = await citizen.client.post<TVoteResult>(`/api/priorities/${priorityId}/vote`, { voteType });
  assert.equal(answer.status, 200, answer.text);
  return answer.body;
}

/** The first issue of a category in the catalogue. */
export async function issueOf(citizen: ApiCitizen, category: string): Promise<{ id: number; title: string; category: string }> {
  const issues = (await citizen.client.get<{ id: number; title: string; category: string }[]>('/api/issues')).body;
  const issue = issues.find((candidate) => candidate.category === category);
  assert.ok(issue, `the catalogue has a ${category} issue`);
  return issue;
}

/** A priority card, found by its title (the card is an article named by its heading). */
export const cardOf = (scope: Page | Locator, title: string) => scope.getByRole('article', { name: title, exact: true });

/** The titles of the cards in a list, top to bottom. */
export async function cardTitles(list: Locator): Promise<string[]> {
  return list.getByRole('article').getByRole('heading').allInnerTexts();
}

/** The priorities requests the page sends, as URLs, to check the query it builds. */
export function recordPriorityReads(page: Page): URL[] {
  const reads: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === '/api/priorities') reads.push(url);
  });
  return reads;
}

/** What the page saw of a Promote button between the click and the end of its lock. */
export interface PromoteLock {
  /** The label was back to "Promote" while the button was still disabled (the lock after the answer). */
  lockedWhenLabelReturned: boolean;
  /** The button was enabled at some moment before its final unlock (the lock had a gap). */
  enabledBeforeUnlock: boolean;
  /** Milliseconds from the promote answer's responseEnd to the final unlock; undefined when the
   * answer has no resource timing entry (a response fulfilled by a route). */
  lockedAfterAnswer: number | undefined;
}

/**
 * Records a Promote button's label and disabled state in the page (a MutationObserver on the page's
 * clock), so neither the test process's delays nor its polling can miss or invent a state: a busy CI
 * machine once took longer than the whole lock between the toast and the test's next look at the
 * button. Call before the click; the returned function waits for the unlock and reads the record.
 */
export async function watchPromoteLock(button: Locator): Promise<() => Promise<PromoteLock>> {
  await button.evaluate((element) => {
    const states: Array<[number, boolean, string]> = [];
    (window as unknown as { promoteStates: typeof states }).promoteStates = states;
    // Written out twice: a named function here would be wrapped by the test loader's __name helper,
    // which does not exist in the page.
    states.push([performance.now(), (element as HTMLButtonElement).disabled, element.textContent?.trim() ?? '']);
    new MutationObserver(() => states.push([performance.now(), (element as HTMLButtonElement).disabled, element.textContent?.trim() ?? ''])).observe(element, {
      attributes: true,
      attributeFilter: ['disabled'],
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  return async () => {
    const handle = await button.elementHandle();
    await button.page().waitForFunction(
      (element) => {
        const states = (window as unknown as { promoteStates: Array<[number, boolean, string]> }).promoteStates;
        return !(element as HTMLButtonElement).disabled && states.some(([, , label]) => label === 'Promoting...');
      },
      handle,
      { timeout: 5000 },
    );
    return button.page().evaluate(() => {
      const states = (window as unknown as { promoteStates: Array<[number, boolean, string]> }).promoteStates;
      const started = states.findIndex(([, , label]) => label === 'Promoting...');
      const after = states.slice(started);
      const labelBack = after.find(([, , label]) => label === 'Promote');
      const unlockedAt = after.findLastIndex(([, disabled]) => !disabled);
      const answer = performance.getEntriesByType('resource').findLast((entry) => entry.name.endsWith('/promote')) as PerformanceResourceTiming | undefined;
      return {
        lockedWhenLabelReturned: labelBack?.[1] ?? false,
        enabledBeforeUnlock: after.slice(0, unlockedAt).some(([, disabled]) => !disabled),
        lockedAfterAnswer: answer && answer.responseEnd > 0 ? after[unlockedAt]![0] - answer.responseEnd : undefined,
      };
    });
  };
}
