import { Button } from '@civic/frontend-kit';
import { Download, LoaderCircle } from 'lucide-react';
import { useExportData } from './use-export-data.ts';

/** The Account card's export row; the button keeps its name and is disabled while the export runs. */
export function ExportDataRow() {
  const exportData = useExportData();
  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="text-sm font-medium text-slate-800">Export your data</p>
        <p className="text-sm text-slate-600">Download a copy of everything your account holds, as a JSON file.</p>
      </div>
      <Button variant="outline" disabled={exportData.isPending} aria-busy={exportData.isPending || undefined} onClick={() => exportData.mutate()}>
        {exportData.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : <Download className="size-4" aria-hidden="true" />}
        Export Data
      </Button>
    </div>
  );
}
