// The current-user read of spec 7.1/7.2: a 401 (or any other non-ok answer) means signed out.
import { AUTH_ROUTES } from '@civic/contracts/auth/routes';
import type { TUser } from '@civic/contracts/auth/user';
import { queryClient } from '../api/query-client.ts';
import { withPinnedBalance } from './balance-pin.ts';

export type CurrentUser = TUser;

export const CURRENT_USER_QUERY_KEY = [AUTH_ROUTES.currentUser.path] as const;

export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  const response = await fetch(CURRENT_USER_QUERY_KEY[0], { credentials: 'include' });
  if (!response.ok) return null;
  // Auth's balance may trail one an answer just gave (balance-pin.ts): that one stays.
  return withPinnedBalance((await response.json()) as CurrentUser);
}

export const currentUserQueryOptions = {
  queryKey: CURRENT_USER_QUERY_KEY,
  queryFn: fetchCurrentUser,
} as const;

/** Settles the session once (shell start-up); a network failure counts as signed out. */
export async function loadCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await queryClient.fetchQuery(currentUserQueryOptions);
  } catch {
    return null;
  }
}
