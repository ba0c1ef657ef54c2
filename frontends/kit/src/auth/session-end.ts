// A session that ends while a page is open (it expired, or was signed out or revoked elsewhere):
// the next read answered 401 is the first to know. Spec 2.5/2.4: a visitor who is not signed in gets
// the sign-in dialog, so the dialog opens and the current user is read again, which switches the
// shell to its signed-out screens (auth-state.ts). Reads of a visitor already signed out change
// nothing (the landing page's reads are not refused, and its dialog opens only when asked).
import { isUnauthorizedError } from '../api/api-error.ts';
import { queryClient } from '../api/query-client.ts';
import { openSignInDialog } from '../features/sign-in/sign-in-dialog-store.ts';
import { hasSession, readAuthState } from './auth-state.ts';
import { CURRENT_USER_QUERY_KEY } from './current-user.ts';

/** Starts watching reads for a 401 while signed in; returns the unsubscribe. */
export function watchSessionEnd(): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error' || !isUnauthorizedError(event.action.error)) return;
    if (!hasSession(readAuthState())) return;
    openSignInDialog();
    void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
  });
}
