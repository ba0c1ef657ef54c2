// Account deletion (spec 4, 7.3, 8): DELETE /api/account with { confirmation }; on success the
// "Account Deleted" toast, the current user marked stale, and the home page loaded 2 s later.
import type { TDeleteAccountRequest } from '@civic/contracts';
import { apiRequestJson, clearCsrfToken, CURRENT_USER_QUERY_KEY, queryClient, serverMessageOf, toast } from '@civic/frontend-kit';
import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_DELETED_REDIRECT_MS, ACCOUNT_PATH, DELETION_TOASTS } from '../settings-page/settings-texts.ts';

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (request: TDeleteAccountRequest) => apiRequestJson<{ message: string }>('DELETE', ACCOUNT_PATH, request),
    onSuccess: async () => {
      toast({ title: DELETION_TOASTS.deleted, description: DELETION_TOASTS.deletedDescription, variant: 'success' });
      // The session is gone with the account.
      clearCsrfToken();
      // Invalidated without reading it again now: a signed-out answer would switch the route table
      // and show the 404 screen at /settings while the toast is read; the full load reads it afresh.
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY, refetchType: 'none' });
      window.setTimeout(() => {
        window.location.href = '/';
      }, ACCOUNT_DELETED_REDIRECT_MS);
    },
    onError: (error) => {
      toast({
        title: DELETION_TOASTS.failedTitle,
        description: serverMessageOf(error) ?? DELETION_TOASTS.failedDescription,
        variant: 'destructive',
      });
    },
  });
}
