// A priorities list with its own filters, sort, live updates and cards: what the dashboard's Top
// Priorities shows (through Module Federation, see ../../shared.tsx). `moreAction` is shown when more
// priorities are loaded than `maxItems` shows.
import type { ReactNode } from 'react';
import { PriorityCardList, PriorityFilters } from './priority-list.tsx';
import { usePriorityListing } from './use-priority-listing.ts';

export interface FilteredPriorityListProps {
  /** The list's accessible name. */
  label: string;
  maxItems?: number;
  /** Shown in the empty state (e.g. a Create Priority button). */
  emptyAction?: ReactNode;
  moreAction?: ReactNode;
}

export function FilteredPriorityList({ label, maxItems, emptyAction, moreAction }: FilteredPriorityListProps) {
  const listing = usePriorityListing();
  const hasMore = maxItems !== undefined && listing.priorities.length > maxItems;
  return (
    <>
      <PriorityFilters listing={listing} />
      <PriorityCardList listing={listing} label={label} maxItems={maxItems} emptyAction={emptyAction} />
      {hasMore && moreAction}
    </>
  );
}
