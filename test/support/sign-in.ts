// Signs a test client in the way a person does: ask for a code, read the mail, type the code. The
// client is a browser through a stack's gateway or one through the auth service alone (its `asBrowser`).
import assert from 'node:assert/strict';
import type { HttpCaller } from './api-client.ts';
import type { Stack } from './stack.ts';

export async function requestCode(stack: Pick<Stack, 'readLatestMail'>, client: HttpCaller, email: string): Promise<{ stateId: string; code: string }> {
  const sent = await client.post('/api/auth/email/send-otp', { email });
  assert.equal(sent.status, 200, sent.text);
  const mail = await stack.readLatestMail(email);
  assert.ok(mail.code, 'the mail carries a code');
  return { stateId: sent.body.stateId, code: mail.code };
}

export async function signIn(stack: Pick<Stack, 'readLatestMail'>, client: HttpCaller, email: string) {
  const { stateId, code } = await requestCode(stack, client, email);
  const verified = await client.post('/api/auth/email/verify-otp', { stateId, otp: code });
  assert.equal(verified.status, 200, verified.text);
  const user = await client.get('/api/auth/user');
  assert.equal(user.status, 200, user.text);
  return user.body as { id: string; email: string; isAdmin: boolean };
}

/** A code that is not `code`. */
export function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}
