// Spec 4 "Sign out": on success the user cache is invalidated, the app goes to `/` and reloads.
import { AUTH_ROUTES } from '@civic/contracts/auth/routes';
import { apiRequest, clearCsrfToken } from '../api/api-client.ts';
import { queryClient } from '../api/query-client.ts';
import { toast } from '../toast/toast-store.ts';
import { CURRENT_USER_QUERY_KEY } from './current-user.ts';

export async function signOut(): Promise<void> {
  try {
    await apiRequest(AUTH_ROUTES.logout.method, AUTH_ROUTES.logout.path);
  } catch {
    toast({
      title: 'Logout Failed',
      description: 'There was a problem signing you out. Please try again.',
      variant: 'destructive',
    });
    return;
  }
  clearCsrfToken();
  await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
  window.location.assign('/');
}
