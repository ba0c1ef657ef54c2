// Helpers of the network browser tests: citizens signed in through the API, each in their own browser
// session, and follow/block edges seeded through the API as those citizens.
import assert from 'node:assert/strict';
import type { BrowserContext } from 'playwright-core';
import type { BrowserTestServer } from '../support/browser-suite.ts';
import type { BrowserSession } from '../support/browser.ts';
import { pollUntil } from '../support/poll.ts';
import { csrfHeaders, type SignedInUser, signInThroughApi, uniqueEmail } from './browser-helpers.ts';

export interface Citizen {
  session: BrowserSession;
  user: SignedInUser & { recruited: number };
  name: string;
}

/** Letters only, so a name stays a plausible name and Discover finds exactly this run's citizens. */
export function runSuffix(): string {
  return Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

export async function signInCitizen(suite: BrowserTestServer, firstName: string, lastName: string, options = {}): Promise<Citizen> {
  const session = await suite.start(options);
  const user = (await signInThroughApi(session.context, suite.server, uniqueEmail(firstName.toLowerCase()), { firstName, lastName })) as Citizen['user'];
  return { session, user, name: `${firstName} ${lastName}` };
}

async function change(context: BrowserContext, method: 'post' | 'delete', path: string): Promise<void> {
  const response = await context.request[method](path, { headers: await csrfHeaders(context) });
  assert.equal(response.status(), 200, `${method.toUpperCase()} ${path}: ${await response.text()}`);
}

export const follow = (by: Citizen, whom: Citizen) => change(by.session.context, 'post', `/api/users/${whom.user.id}/follow`);
export const block = (by: Citizen, whom: Citizen) => change(by.session.context, 'post', `/api/users/${whom.user.id}/block`);

export interface NetworkCounts {
  followers: number;
  following: number;
  recruited: number;
}

/** Waits until GET /api/auth/user (auth's read model, fed by social's events) shows these counts. */
export async function waitForCounts(citizen: Citizen, expected: Partial<NetworkCounts>): Promise<void> {
  await pollUntil(
    async () => (await (await citizen.session.context.request.get('/api/auth/user')).json()) as NetworkCounts,
    (user) => Object.entries(expected).every(([key, value]) => user[key as keyof NetworkCounts] === value),
  );
}
