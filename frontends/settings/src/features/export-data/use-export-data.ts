// Export Data (spec 2.11, 7.3): the whole account document of GET /api/account/export, saved as a
// JSON file whose name carries the time of the export.
import type { TAccountExport } from '@civic/contracts';
import { apiRequestJson, downloadJson, fileNameTimestamp, toast } from '@civic/frontend-kit';
import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_EXPORT_PATH, EXPORT_FILE_PREFIX, EXPORT_TOASTS } from '../settings-page/settings-texts.ts';

export function exportFileName(date: Date): string {
  return `${EXPORT_FILE_PREFIX}${fileNameTimestamp(date)}.json`;
}

export function useExportData() {
  return useMutation({
    mutationFn: () => apiRequestJson<TAccountExport>('GET', ACCOUNT_EXPORT_PATH),
    onSuccess: (document) => {
      downloadJson(exportFileName(new Date()), document);
      toast({ title: EXPORT_TOASTS.exported, description: EXPORT_TOASTS.exportedDescription, variant: 'success' });
    },
    onError: () => {
      toast({ title: EXPORT_TOASTS.failedTitle, description: EXPORT_TOASTS.failedDescription, variant: 'destructive' });
    },
  });
}
