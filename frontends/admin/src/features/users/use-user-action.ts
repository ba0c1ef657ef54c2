// Runs an action on a user (spec 7.4, 8): a "Success" toast with the server's message, or an "Error"
// toast with the server's refusal (the fallback of spec 8 otherwise); then the users list and the
// audit log are read again, whatever the outcome, so the table shows the row as it now stands.
import type { TAdminUserActionResponse } from '@civic/contracts/admin/http';
import { apiRequestJson, queryClient, serverMessageOf, toast } from '@civic/frontend-kit';
import { useMutation } from '@tanstack/react-query';
import { AUDIT_LOGS_PATH, USERS_PATH } from '../../api/admin-paths.ts';
import { startsWithPath } from '../../api/admin-query.ts';
import { ACTION_TOASTS, type UserActionKind, userActionRequest } from './user-actions.ts';

export function useUserAction() {
  return useMutation({
    mutationFn: ({ kind, userId }: { kind: UserActionKind; userId: string }) => {
      const request = userActionRequest(kind, userId);
      return apiRequestJson<TAdminUserActionResponse>(request.method, request.path, request.body);
    },
    onSuccess: (answer, { kind }) => toast({ title: 'Success', description: answer?.message || ACTION_TOASTS[kind].succeeded, variant: 'success' }),
    onError: (error, { kind }) => toast({ title: 'Error', description: serverMessageOf(error) ?? ACTION_TOASTS[kind].failed, variant: 'destructive' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ predicate: startsWithPath(USERS_PATH) });
      void queryClient.invalidateQueries({ predicate: startsWithPath(AUDIT_LOGS_PATH) });
    },
  });
}
