// Create, edit and delete an announcement (spec 7.4, 8): success and failure toasts, then every list
// of announcements (admin and the citizens' banner) and the audit log read again.
import type { TAnnouncement, TCreateAnnouncementRequest } from '@civic/contracts/admin/http';
import { ADMIN_ROUTES } from '@civic/contracts/admin/routes';
import { ADMIN_MESSAGES } from '@civic/contracts/admin/messages';
import { apiRequestJson, queryClient, serverMessageOf, toast } from '@civic/frontend-kit';
import { useMutation } from '@tanstack/react-query';
import { ACTIVE_ANNOUNCEMENTS_PATH, ANNOUNCEMENTS_PATH, AUDIT_LOGS_PATH, announcementPath } from '../../api/admin-paths.ts';
import { startsWithPath } from '../../api/admin-query.ts';

function refreshAfterChange(): void {
  void queryClient.invalidateQueries({ predicate: startsWithPath(ANNOUNCEMENTS_PATH) });
  void queryClient.invalidateQueries({ queryKey: [ACTIVE_ANNOUNCEMENTS_PATH] });
  void queryClient.invalidateQueries({ predicate: startsWithPath(AUDIT_LOGS_PATH) });
}

const succeeded = (description: string) => toast({ title: 'Success', description, variant: 'success' });
const failed = (fallback: string) => (error: unknown) => toast({ title: 'Error', description: serverMessageOf(error) ?? fallback, variant: 'destructive' });

export function useSaveAnnouncement() {
  return useMutation({
    mutationFn: ({ id, request }: { id: string | null; request: TCreateAnnouncementRequest }) =>
      id === null
        ? apiRequestJson<TAnnouncement>(ADMIN_ROUTES.createAnnouncement.method, ADMIN_ROUTES.createAnnouncement.path, request)
        : apiRequestJson<TAnnouncement>(ADMIN_ROUTES.updateAnnouncement.method, announcementPath(id), request),
    onSuccess: (_announcement, { id }) => succeeded(id === null ? ADMIN_MESSAGES.announcementCreated : ADMIN_MESSAGES.announcementUpdated),
    onError: (error, { id }) => failed(id === null ? ADMIN_MESSAGES.createAnnouncementFailed : ADMIN_MESSAGES.updateAnnouncementFailed)(error),
    onSettled: refreshAfterChange,
  });
}

export function useDeleteAnnouncement() {
  return useMutation({
    mutationFn: (id: string) => apiRequestJson<unknown>(ADMIN_ROUTES.deleteAnnouncement.method, announcementPath(id)),
    onSuccess: () => succeeded(ADMIN_MESSAGES.announcementDeletedToast),
    onError: failed(ADMIN_MESSAGES.deleteAnnouncementFailed),
    onSettled: refreshAfterChange,
  });
}
