// Framework-free view of the session, for the root config's activity functions.
import { queryClient } from '../api/query-client.ts';
import { isAwaitingApproval } from './approval.ts';
import { CURRENT_USER_QUERY_KEY, type CurrentUser } from './current-user.ts';

/** 'awaiting-approval': signed in, but the account waits for an administrator (it sees only that notice). */
export type AuthState = 'loading' | 'signed-out' | 'signed-in' | 'awaiting-approval';

export function readAuthState(): AuthState {
  const state = queryClient.getQueryState<CurrentUser | null>(CURRENT_USER_QUERY_KEY);
  if (!state || state.status === 'pending') return 'loading';
  if (!state.data) return 'signed-out';
  return isAwaitingApproval(state.data) ? 'awaiting-approval' : 'signed-in';
}

/** Whether there is a session (approved or not). */
export const hasSession = (state: AuthState): boolean => state === 'signed-in' || state === 'awaiting-approval';

/** Calls `listener` whenever the auth state changes (not on every cache event). */
export function subscribeAuthState(listener: (state: AuthState) => void): () => void {
  let last = readAuthState();
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash !== JSON.stringify(CURRENT_USER_QUERY_KEY)) return;
    const next = readAuthState();
    if (next === last) return;
    last = next;
    listener(next);
  });
}
