// Calls of the landing page: verifying the magic-link token from the address (spec 4, 8).
import { ApiError, CURRENT_USER_QUERY_KEY, markSignInRedirectPending, queryClient, toast, verifyMagicLinkToken } from '@civic/frontend-kit';
import { useMutation } from '@tanstack/react-query';

function reportTokenFailure(error: unknown): void {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    toast({ title: 'Verification Failed', description: 'Invalid or expired token.', variant: 'destructive' });
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
