// Calls of the landing page: verifying the magic-link token from the address (spec 4, 8).
import { ApiError, CURRENT_USER_QUERY_KEY, markSignInRedirectPending, queryClient, toast, verifyMagicLinkToken } from '@civic/frontend-kit';
import { useMutation } from '@tanstack/react-query';
import { LINK_OTHER_BROWSER, refusalCodeOf } from './link-refusal.ts';

/** Whether the verification was refused because the link was asked for in another browser. */
export function isOtherBrowserRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && refusalCodeOf(error.bodyText) === LINK_OTHER_BROWSER;
}

function reportTokenFailure(error: unknown): void {
  // A link opened in another browser gets its own page (other-browser-notice.tsx), not a toast.
  if (isOtherBrowserRefusal(error)) return;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    // The server says which cause (expired or used, suspended, registration closed; issue 38).
    toast({ title: 'Verification Failed', description: error.serverMessage ?? 'Invalid or expired token.', variant: 'destructive' });
    return;
  }
  toast({ title: 'Error', description: 'Failed to verify token. Please try again.', variant: 'destructive' });
}

export function useVerifyMagicLinkToken() {
  return useMutation({
    mutationFn: verifyMagicLinkToken,
    onSuccess: async () => {
      markSignInRedirectPending();
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      // The new session cookie is set: a full load starts every area signed in.
      window.location.reload();
    },
    onError: reportTokenFailure,
  });
}
