// The admin dashboard's "Open Data" card (issue 23): take a snapshot of the ranking now, outside the
// hourly schedule, and see what was published (its root and leaf count), or why not.
import { OPEN_DATA_ROUTES } from '@civic/contracts/priorities/open-data-routes';
import { Button, Card } from '@civic/frontend-kit';
import { Camera } from 'lucide-react';
import { useTakeSnapshot } from './use-take-snapshot.ts';

export function OpenDataCard() {
  const { take, isTaking, snapshot, error } = useTakeSnapshot();
  return (
    <Card role="region" aria-labelledby="open-data" className="grid min-w-0 gap-3 p-4 sm:p-6">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="open-data" className="text-lg font-semibold text-slate-900">
            Open Data
          </h2>
          <p className="text-sm text-slate-600">
            Snapshots of the ranking with one leaf per vote, published at <code className="text-xs break-all">{OPEN_DATA_ROUTES.listSnapshots.path}</code> for
            anyone to check.
          </p>
        </div>
        <Button variant="outline" onClick={take} disabled={isTaking} className="justify-start">
          <Camera className="size-4" aria-hidden="true" /> {isTaking ? 'Taking snapshot...' : 'Take snapshot now'}
        </Button>
      </div>
      <div role="status" aria-live="polite" className="min-w-0 text-sm">
        {snapshot && (
          <dl className="grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-4">
            <dt className="font-medium text-slate-700">Taken</dt>
            <dd className="text-slate-900">{new Date(snapshot.takenAt).toLocaleString()}</dd>
            <dt className="font-medium text-slate-700">Root</dt>
            <dd className="font-mono text-xs break-all text-slate-900" data-snapshot="root">
              {snapshot.root}
            </dd>
            <dt className="font-medium text-slate-700">Leaves (counted votes)</dt>
            <dd className="text-slate-900" data-snapshot="leaves">
              {snapshot.treeSize.toLocaleString()}
            </dd>
            <dt className="font-medium text-slate-700">Priorities</dt>
            <dd className="text-slate-900">{snapshot.priorityCount.toLocaleString()}</dd>
          </dl>
        )}
        {error && <p className="font-medium text-red-700">{error}</p>}
      </div>
    </Card>
  );
}
