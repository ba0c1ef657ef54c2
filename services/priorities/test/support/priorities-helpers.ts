// Helpers of the priorities tests: named citizens, valid priorities, votes, the rankings stream read
// like a browser's EventSource, settings changes, and a direct look at priorities' tables.
import assert from 'node:assert/strict';
import { Agent, fetch as streamFetch } from 'undici';
import type { PlatformSettingKey, TPriority, TVoteResult, TVoteType } from '@civic/contracts';
import { type Platform, randomToken, sha256 } from '@civic/service-kit';
import type { SqlDriver } from '@civic/service-kit/db';
import type { ApiClient, ApiResponse, HttpCaller } from '../../../../test/support/api-client.ts';
import { pollUntil } from '../../../../test/support/poll.ts';
import { signIn } from '../../../../test/support/sign-in.ts';
import { openAdminDatabase } from '../../../../test/support/admin-database.ts';
import type { Stack } from '../../../../test/support/stack.ts';
import { MIGRATIONS_DIR } from '../../src/app.ts';
import { address, BULK_TEST_ENV } from '../../../../test/support/test-users.ts';

export { address, BULK_TEST_ENV as TEST_ENV };

export interface Citizen {
  client: ApiClient;
  id: string;
  firstName: string;
  lastName: string;
}

/** Signs a new user in and names them; waits until priorities knows the name (profile.updated). */
export async function signInCitizen(stack: Stack, firstName: string, lastName: string): Promise<Citizen> {
  const client = stack.client();
  const { id } = await signIn(stack, client, address(firstName.toLowerCase()));
  const named = await pollUntil(
    () => client.request('PATCH', `/api/users/${id}/profile`, { body: { firstName, lastName } }),
    (r) => r.status === 200,
  );
  assert.equal(named.status, 200, named.text);
  return { client, id, firstName, lastName };
}

/** A client with a live session for a banned user (as after an admin's ban) or any identity. */
export async function sessionFor(stack: Stack, userId: string, flags: { isBanned?: boolean; isAdmin?: boolean } = {}): Promise<ApiClient> {
  const sessionId = randomToken(32);
  // The stack's clock: a test that moves it ahead still gets a live session.
  const now = stack.gatewayPlatform.clock.now().getTime();
  await stack.gatewayPlatform.sessions.create(sha256(sessionId), {
    userId,
    isAdmin: flags.isAdmin ?? false,
    isBanned: flags.isBanned ?? false,
    createdAt: now,
    expiresAt: now + 10 * 60_000,
  });
  const client = stack.client();
  client.cookies.set('sid', sessionId);
  return client;
}

let titleCount = 0;
/** A body that passes every rule of spec 5; `title` is made unique unless given. */
export function priorityBody(overrides: { title?: string; description?: string; issueId?: unknown } = {}) {
  return {
    title: overrides.title ?? `Priority number ${process.pid}-${++titleCount}`,
    description: overrides.description ?? 'A description long enough to pass the fifty character minimum of spec 5.',
    ...('issueId' in overrides ? { issueId: overrides.issueId } : {}),
  };
}

export async function createPriority(client: HttpCaller, overrides: Parameters<typeof priorityBody>[0] = {}): Promise<TPriority> {
  const answer = await client.post<TPriority>('/api/priorities', priorityBody(overrides));
  assert.equal(answer.status, 200, answer.text);
  return answer.body;
}

export function vote(client: HttpCaller, priorityId: string, voteType: TVoteType | string): Promise<ApiResponse<TVoteResult>> {
  return client.post<TVoteResult>(`/api/priorities/${priorityId}/vote`, { voteType });
}

export function removeVote(client: HttpCaller, priorityId: string): Promise<ApiResponse<TVoteResult>> {
  return client.request<TVoteResult>('DELETE', `/api/priorities/${priorityId}/vote`);
}

export function listPriorities(client: HttpCaller, query = ''): Promise<ApiResponse<TPriority[]>> {
  return client.get<TPriority[]>(`/api/priorities${query}`);
}

/** Sets a platform setting wherever the priorities service runs (one platform, or each replica's). */
export function setSetting(platforms: readonly Platform[], key: PlatformSettingKey, value: string): void {
  for (const platform of platforms) platform.settings.set(key, value);
}

/** priorities' own tables, read directly (through the service's platform and database). */
/** As the administrator when distributed: tests inject failures with DDL the service's runtime role may not run. */
export async function openPrioritiesTables(stack: Stack): Promise<SqlDriver> {
  if (stack.profile === 'distributed') return openAdminDatabase(stack, 'priorities');
  const database = await stack.platforms.priorities!.databases.open('priorities', MIGRATIONS_DIR);
  return database.driver;
}

export interface StreamEvent {
  event: string;
  data: any;
}

export interface RankingsStream {
  status: number;
  contentType: string | null;
  events: StreamEvent[];
  comments: string[];
  waitFor(predicate: (e: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  close(): void;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  /** Everything received so far, as text (a refusal's JSON body once `ended` resolved). */
  received(): string;
}

/**
 * Opens /api/priorities/stream the way EventSource does and parses what arrives. Each stream has its
 * own connection, destroyed on close(): the shared fetch agent reconnects after an aborted stream,
 * and a server counts a connection that never sent a request as busy, so it would hold up the
 * stack's close until its headers timeout (a test-client artefact, not a browser's behaviour).
 */
export async function openRankingsStream(baseUrl: string, client: ApiClient, path = '/api/priorities/stream'): Promise<RankingsStream> {
  const controller = new AbortController();
  const agent = new Agent({ connections: 1 });
  const headers: Record<string, string> = { accept: 'text/event-stream', 'x-forwarded-for': client.ip };
  const cookie = client.cookieHeader();
  if (cookie) headers.cookie = cookie;
  const response = await streamFetch(new URL(path, baseUrl), { headers, signal: controller.signal, dispatcher: agent });
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  let received = '';
  const ended = (async () => {
    if (!response.body) return;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        const text = decoder.decode(value, { stream: true });
        received += text;
        buffer += text;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trim());
          }
          if (data.length) events.push({ event, data: JSON.parse(data.join('\n')) });
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events,
    comments,
    async waitFor(predicate, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) assert.fail(`no matching stream event within ${timeoutMs} ms; got ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close() {
      controller.abort();
      void agent.destroy().catch(() => {});
    },
    ended,
    received: () => received,
  };
}

export { pollUntil };
