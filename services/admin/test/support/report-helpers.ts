// What the reports tests share (issue 20): reporters with real accounts (auth answers their age),
// authors' priorities and documents, a report, and platform settings changed through the admin API
// and waited for where the admin service reads them.
import assert from 'node:assert/strict';
import type { PlatformSettingKey, TPriority } from '@civic/contracts';
import type { ApiClient, ApiResponse } from '../../../../test/support/api-client.ts';
import { pollUntil } from '../../../../test/support/poll.ts';
import { signIn } from '../../../../test/support/sign-in.ts';
import type { Stack } from '../../../../test/support/stack.ts';
import { address } from '../../../../test/support/test-users.ts';
import { createDocument } from '../../../briefing/test/support/briefing-helpers.ts';
import { createPriority } from '../../../priorities/test/support/priorities-helpers.ts';

export { createDocument, createPriority };

export interface Member {
  client: ApiClient;
  id: string;
}

/** A citizen with an account in auth (signed in through the mail code), so their age is known. */
export async function signUp(stack: Stack, label: string): Promise<Member> {
  const client = stack.client();
  const { id } = await signIn(stack, client, address(label));
  return { client, id };
}

export async function signUpMany(stack: Stack, label: string, count: number): Promise<Member[]> {
  const members: Member[] = [];
  for (let i = 0; i < count; i++) members.push(await signUp(stack, `${label}${i}`));
  return members;
}

export function report(client: ApiClient, targetType: string, targetId: string, reason = 'Spam and nothing else'): Promise<ApiResponse<{ message: string }>> {
  return client.post<{ message: string }>('/api/reports', { targetType, targetId, reason });
}

export async function reportPriority(client: ApiClient, priority: TPriority, reason?: string): Promise<void> {
  const answer = await report(client, 'priority', priority.id, reason);
  assert.equal(answer.status, 200, answer.text);
}

/**
 * Sets a platform setting through PUT /api/admin/settings and waits until the admin service's
 * process holds it (distributed: its watch of the settings bucket).
 */
export async function changeSetting(stack: Stack, admin: ApiClient, key: PlatformSettingKey, value: string): Promise<void> {
  const put = await admin.request('PUT', '/api/admin/settings', { body: { key, value } });
  assert.equal(put.status, 200, put.text);
  await pollUntil(
    async () => stack.platforms.admin!.settings.get(key),
    (held) => held === value,
  );
}
