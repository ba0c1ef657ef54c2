/// <reference lib="dom" />
// Helpers of the priorities browser tests: citizens and priorities seeded through the API (quicker
// than the dialog when a test needs many), settings for the run, and the cards of a page.
import assert from 'node:assert/strict';
import type { PlatformSettingKey, TPriority, TVoteResult, TVoteType } from '@civic/contracts';
import type { Locator, Page } from 'playwright-core';
import type { ApiClient } from '../support/api-client.ts';
import { signIn } from '../support/sign-in.ts';
import type { startTestServer } from '../support/test-server.ts';
import { uniqueEmail } from './browser-helpers.ts';

export type PrioritiesTestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Budgets for tests that sign many citizens in and write in bulk from one address. */
export const BULK_ENV = { RATE_LIMIT_SIGN_IN_MAIL: '1000', RATE_LIMIT_WRITE: '100000', RATE_LIMIT_READ: '100000' };

export function setSetting(server: PrioritiesTestServer, key: PlatformSettingKey, value: string): void {
  for (const platform of new Set(Object.values(server.stack.platforms))) platform.settings.set(key, value);
}

export interface ApiCitizen {
  client: ApiClient;
  id: string;
}

/** A named citizen signed in through the API (own client address, own cookies). */
export async function apiCitizen(server: PrioritiesTestServer, firstName: string, lastName = 'Citizen'): Promise<ApiCitizen> {
  const client = server.stack.client();
  const { id } = await signIn(server.stack, client, uniqueEmail(firstName.toLowerCase()));
  const named = await client.request('PATCH', `/api/users/${id}/profile`, { body: { firstName, lastName } });
  assert.equal(named.status, 200, named.text);
  return { client, id };
}

export const LONG_ENOUGH = 'A description that easily passes the fifty character minimum of spec 5 for priorities.';

export async function apiCreatePriority(
  citizen: ApiCitizen,
  body: { title: string; description?: string; issueId?: number },
): Promise<TPriority> {
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
