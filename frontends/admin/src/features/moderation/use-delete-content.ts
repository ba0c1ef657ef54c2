// Delete Content (spec 2.12, 7.4, 8): DELETE /api/admin/priorities/{id} or /api/admin/briefing-docs/{id},
// with a priority's optional removal reason as the body (issue 22), the "Success" or "Error" toast, then every list of priorities or documents (the moderation list
// and the citizens' lists in this tab), the reports and the audit log are read again.
import { ADMIN_ROUTES } from '@civic/contracts/admin/routes';
import { BRIEFING_ROUTES } from '@civic/contracts/briefing/routes';
import { PRIORITIES_ROUTES } from '@civic/contracts/priorities/routes';
import { ADMIN_MESSAGES } from '@civic/contracts/admin/messages';
import { apiRequestJson, queryClient, serverMessageOf, toast } from '@civic/frontend-kit';
import { useMutation } from '@tanstack/react-query';
import { AUDIT_LOGS_PATH, BRIEFING_DOCS_PATH, deleteDocumentPath, deletePriorityPath, PRIORITIES_PATH } from '../../api/admin-paths.ts';
import { startsWithPath } from '../../api/admin-query.ts';
import { removalBodyOf } from './moderation-rules.ts';

export type ContentKind = 'priority' | 'document';

const DELETES = {
  priority: {
    method: PRIORITIES_ROUTES.deletePriority.method,
    path: deletePriorityPath,
    list: PRIORITIES_PATH,
    succeeded: ADMIN_MESSAGES.priorityDeleted,
    failed: ADMIN_MESSAGES.deletePriorityFailed,
  },
  document: {
    method: BRIEFING_ROUTES.deleteDocument.method,
    path: deleteDocumentPath,
    list: BRIEFING_DOCS_PATH,
    succeeded: ADMIN_MESSAGES.documentDeleted,
    failed: ADMIN_MESSAGES.deleteDocumentFailed,
  },
} as const;

export function useDeleteContent() {
  return useMutation({
    mutationFn: ({ kind, id, reason = '' }: { kind: ContentKind; id: string; reason?: string }) =>
      apiRequestJson<unknown>(DELETES[kind].method, DELETES[kind].path(id), removalBodyOf(kind, reason)),
    onSuccess: (_answer, { kind }) => toast({ title: 'Success', description: DELETES[kind].succeeded, variant: 'success' }),
    onError: (error, { kind }) => toast({ title: 'Error', description: serverMessageOf(error) ?? DELETES[kind].failed, variant: 'destructive' }),
    onSettled: (_answer, _error, { kind }) => {
      void queryClient.invalidateQueries({ predicate: startsWithPath(DELETES[kind].list) });
      void queryClient.invalidateQueries({ predicate: startsWithPath(ADMIN_ROUTES.listReports.path) });
      void queryClient.invalidateQueries({ predicate: startsWithPath(AUDIT_LOGS_PATH) });
    },
  });
}
