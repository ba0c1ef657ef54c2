// Helpers of the account tests: a signed-in client whose account records exist, and polling.
import { pollUntil } from '../../../../test/support/poll.ts';
import type { ApiClient } from '../../../../test/support/api-client.ts';
import { signIn } from '../../../../test/support/sign-in.ts';
import type { Stack } from '../../../../test/support/stack.ts';
import { address } from '../../../../test/support/test-users.ts';

export { address };

/** Signs a new user in and waits until the account service has consumed their user.registered event. */
export async function signInWithProfile(stack: Stack, label: string): Promise<{ client: ApiClient; id: string }> {
  const client = stack.client();
  const { id } = await signIn(stack, client, address(label));
  await pollUntil(
    () => client.get(`/api/users/${id}/profile`),
    (r) => r.status === 200,
  );
  return { client, id };
}

export function patch(client: ApiClient, path: string, body: unknown) {
  return client.request('PATCH', path, { body });
}

export { pollUntil };
