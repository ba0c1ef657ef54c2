// Helpers of the briefing tests: named citizens, valid documents, priorities briefing has heard of,
// sessions with any flags, and a direct look at briefing's tables (for what no API shows: erasure).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { TBriefingDocument, TCreatedBriefingDocument } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import type { ApiResponse, HttpCaller } from '../../../../test/support/api-client.ts';
import { openAdminDatabase } from '../../../../test/support/admin-database.ts';
import { pollUntil } from '../../../../test/support/poll.ts';
import type { Stack } from '../../../../test/support/stack.ts';
import { MIGRATIONS_DIR } from '../../src/app.ts';

export { pollUntil };
export { sessionFor, signInCitizen, TEST_ENV, type Citizen } from '../../../priorities/test/support/priorities-helpers.ts';

let count = 0;
/** A body that passes every rule of spec 5 "Briefing document"; the title is unique unless given. */
export function documentBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: `Talking point ${process.pid}-${++count}`,
    content: 'Enough words here to pass the twenty character minimum of spec 5.',
    ...overrides,
  };
}

export function postDocument(client: HttpCaller, body: Record<string, unknown>): Promise<ApiResponse<TCreatedBriefingDocument>> {
  return client.post<TCreatedBriefingDocument>('/api/briefing-docs', body);
}

export async function createDocument(client: HttpCaller, overrides: Record<string, unknown> = {}): Promise<TBriefingDocument> {
  const answer = await postDocument(client, documentBody(overrides));
  assert.equal(answer.status, 200, answer.text);
  return answer.body;
}

export async function listDocuments(client: HttpCaller, query = ''): Promise<TBriefingDocument[]> {
  const answer = await client.get<TBriefingDocument[]>(`/api/briefing-docs${query}`);
  assert.equal(answer.status, 200, answer.text);
  return answer.body;
}

/** briefing's own tables (as the administrator when distributed). */
export async function openBriefingTables(stack: Stack): Promise<SqlDriver> {
  if (stack.profile === 'distributed') return openAdminDatabase(stack, 'briefing');
  const database = await stack.platforms.briefing!.databases.open('briefing', MIGRATIONS_DIR);
  return database.driver;
}

/** A word no other test's document contains, to list one test's documents only. */
export const uniqueWord = () => `w${randomUUID().replaceAll('-', '').slice(0, 12)}`;

export const messageOf = (answer: { body: unknown }) => (answer.body as { message?: string }).message;
