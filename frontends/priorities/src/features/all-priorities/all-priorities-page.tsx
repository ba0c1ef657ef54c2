// All Priorities (spec 2.7): search, category and sort; the result count; every loaded priority,
// ranked only in the unfiltered rank view; Load More by 50; the Create Priority dialog; a state
// selector for the agenda by state (issue 23).
import { Button } from '@civic/frontend-kit';
import { Loader2, Plus } from 'lucide-react';
import { useState } from 'react';
import { CreatePriorityDialog } from '../create-priority/create-priority-dialog.tsx';
import { PriorityCardList, PriorityFilters } from '../priority-listing/priority-list.tsx';
import { PRIORITY_LIST_TEXTS, priorityCountText } from '../priority-listing/priority-texts.ts';
import { usePriorityListing } from '../priority-listing/use-priority-listing.ts';

export const ALL_PRIORITIES_TITLE = 'All Priorities';

export function AllPrioritiesPage() {
  const listing = usePriorityListing();
  const [creating, setCreating] = useState(false);
  const count = listing.query.data === undefined ? undefined : listing.priorities.length;
  const createButton = (
    <Button onClick={() => setCreating(true)} className="w-full sm:w-auto">
      <Plus className="size-4" aria-hidden="true" /> Create Priority
    </Button>
  );

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{ALL_PRIORITIES_TITLE}</h1>
          <p className="mt-1 text-slate-600">Browse, endorse and oppose the priorities citizens have put on the national agenda.</p>
        </div>
        {createButton}
      </header>

      <PriorityFilters listing={listing} />

      {count !== undefined && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          Showing {priorityCountText(count)}
          {listing.isUpdating && <Loader2 className="size-4 animate-spin text-slate-400" aria-label="Updating" />}
        </p>
      )}

      <PriorityCardList listing={listing} label={ALL_PRIORITIES_TITLE} emptyAction={createButton} />

      {listing.canLoadMore && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={listing.loadMore}>
            {PRIORITY_LIST_TEXTS.loadMore}
          </Button>
        </div>
      )}

      <CreatePriorityDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
