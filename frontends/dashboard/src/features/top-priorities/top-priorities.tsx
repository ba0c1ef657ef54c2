// "Top Priorities This Week" (spec 2.5): search, category and sort over the first page of
// priorities, the first 10 shown, and View All Priorities when there are more. The list itself
// belongs to the priorities area (loaded through Module Federation).
import { Button, navigateTo } from '@civic/frontend-kit';
import { ArrowRight, Plus } from 'lucide-react';
import { Suspense } from 'react';
import { PRIORITIES_PAGE_PATH, TOP_PRIORITIES_SHOWN } from '../../api/queries.ts';
import { FilteredPriorityList } from '../../remotes/priorities.tsx';
import { RemotePartBoundary } from '../../remotes/remote-part-boundary.tsx';

export const TOP_PRIORITIES_TITLE = 'Top Priorities This Week';
const PRIORITIES_UNAVAILABLE = 'Priorities could not be loaded. Please reload.';

export function TopPriorities({ onCreate }: { onCreate: () => void }) {
  return (
    <section aria-labelledby="top-priorities-title" className="grid gap-4">
      <h2 id="top-priorities-title" className="text-2xl font-bold text-slate-900">
        {TOP_PRIORITIES_TITLE}
      </h2>
      <RemotePartBoundary
        fallback={
          <p role="alert" className="text-sm text-red-700">
            {PRIORITIES_UNAVAILABLE}
          </p>
        }
      >
        <Suspense
          fallback={
            <p role="status" className="text-sm text-slate-600">
              Loading priorities...
            </p>
          }
        >
          <FilteredPriorityList
            label={TOP_PRIORITIES_TITLE}
            maxItems={TOP_PRIORITIES_SHOWN}
            emptyAction={
              <Button onClick={onCreate}>
                <Plus className="size-4" aria-hidden="true" /> Create Priority
              </Button>
            }
            moreAction={
              <div className="flex justify-center">
                <Button variant="outline" onClick={() => navigateTo(PRIORITIES_PAGE_PATH)}>
                  View All Priorities <ArrowRight className="size-4" aria-hidden="true" />
                </Button>
              </div>
            }
          />
        </Suspense>
      </RemotePartBoundary>
    </section>
  );
}
