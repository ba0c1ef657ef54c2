// "Take snapshot now" (issue 23): POST /api/admin/open-data/snapshots through the kit's client (CSRF
// token as every admin write), then the audit log is read again (its take_open_data_snapshot entry
// comes from priorities' event, so it may show at the next read).
import type { TSnapshotSummary } from '@civic/contracts/priorities/open-data';
import { OPEN_DATA_ROUTES } from '@civic/contracts/priorities/open-data-routes';
import { apiRequestJson, queryClient, serverMessageOf } from '@civic/frontend-kit';
import { useMutation } from '@tanstack/react-query';
import { AUDIT_LOGS_PATH } from '../../api/admin-paths.ts';
import { startsWithPath } from '../../api/admin-query.ts';

export const SNAPSHOT_FAILED = 'The snapshot could not be taken. Please try again.';

export function useTakeSnapshot() {
  const mutation = useMutation({
    mutationFn: () => apiRequestJson<TSnapshotSummary>(OPEN_DATA_ROUTES.takeSnapshot.method, OPEN_DATA_ROUTES.takeSnapshot.path),
    onSettled: () => queryClient.invalidateQueries({ predicate: startsWithPath(AUDIT_LOGS_PATH) }),
  });
  return {
    take: () => mutation.mutate(),
    isTaking: mutation.isPending,
    snapshot: mutation.data,
    /** The server's message (a 409 while another snapshot is being taken), else a general one. */
    error: mutation.isError ? (serverMessageOf(mutation.error) ?? SNAPSHOT_FAILED) : null,
  };
}
