// Real accounts for the admin service's user tests: signed in through auth the way a person does
// (ADMIN_EMAILS in the stack's env makes the administrators), and registration_approval_required
// changed the way an administrator does (PUT /api/admin/settings), waited for until auth reads it.
import assert from 'node:assert/strict';
import type { ApiClient } from '../../../../test/support/api-client.ts';
import { pollUntil } from '../../../../test/support/poll.ts';
import { signIn } from '../../../../test/support/sign-in.ts';
import type { Stack } from '../../../../test/support/stack.ts';

export interface Member {
  id: string;
  email: string;
  client: ApiClient;
}

/** Signs `email` in (a sign-up the first time) in a browser of its own. */
export async function member(stack: Stack, email: string, client = stack.client()): Promise<Member> {
  const { id } = await signIn(stack, client, email);
  return { id, email, client };
}

/** Sets registration_approval_required through the admin API; returns once auth's sign-ins see it. */
export async function requireApproval(stack: Stack, admin: ApiClient, required: boolean): Promise<void> {
  const value = String(required);
  const answer = await admin.request('PUT', '/api/admin/settings', { body: { key: 'registration_approval_required', value } });
  assert.equal(answer.status, 200, answer.text);
  // Distributed, the value reaches auth through the settings bucket's watch.
  await pollUntil(
    async () => stack.platforms.auth!.settings.get('registration_approval_required'),
    (seen) => seen === value,
  );
}

/** Runs `run` while new accounts need approval; approval is not required again afterwards, whatever happened. */
export async function whileApprovalRequired<T>(stack: Stack, admin: ApiClient, run: () => Promise<T>): Promise<T> {
  await requireApproval(stack, admin, true);
  try {
    return await run();
  } finally {
    await requireApproval(stack, admin, false);
  }
}
