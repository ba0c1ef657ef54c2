// The pieces both priorities screens show (spec 2.5, 2.7): the search, category and sort controls,
// the state selector of the agenda by state (issue 23) with the number of voters counted, and the
// cards with their loading, error and empty states.
import { PRIORITY_LIST_LIMITS } from '@civic/contracts/priorities/http';
import { isUsStateCode, US_STATES, usStateName } from '@civic/contracts/account/us-states';
import { Search } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Card, Input } from '@civic/frontend-kit';
import { ISSUE_CATEGORIES, isIssueCategory } from './issue-categories.ts';
import { PriorityCard } from './priority-card.tsx';
import { ALL_CATEGORIES } from './priority-queries.ts';
import { PRIORITY_LIST_TEXTS, stateVotersText } from './priority-texts.ts';
import { PRIORITY_SORT_LABELS, PRIORITY_SORTS, type PrioritySort } from './sort-priorities.ts';
import type { PriorityListing } from './use-priority-listing.ts';

const SELECT_CLASSES =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none';

export function PriorityFilters({ listing }: { listing: PriorityListing }) {
  const categoryId = useId();
  const sortId = useId();
  const stateId = useId();
  return (
    <div role="search" aria-label="Filter priorities" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_11rem_11rem_11rem]">
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <Input
          type="search"
          aria-label="Search priorities"
          placeholder="Search priorities..."
          value={listing.search}
          maxLength={PRIORITY_LIST_LIMITS.searchMax}
          onChange={(event) => listing.setSearch(event.target.value)}
          className="pl-9"
        />
      </div>
      <div>
        <label htmlFor={categoryId} className="sr-only">
          Category
        </label>
        <select
          id={categoryId}
          value={listing.category}
          onChange={(event) => {
            const value = event.target.value;
            listing.setCategory(isIssueCategory(value) ? value : ALL_CATEGORIES);
          }}
          className={SELECT_CLASSES}
        >
          <option value={ALL_CATEGORIES}>All Categories</option>
          {ISSUE_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={sortId} className="sr-only">
          Sort by
        </label>
        <select id={sortId} value={listing.sort} onChange={(event) => listing.setSort(event.target.value as PrioritySort)} className={SELECT_CLASSES}>
          {PRIORITY_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {PRIORITY_SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={stateId} className="sr-only">
          {PRIORITY_LIST_TEXTS.stateLabel}
        </label>
        <select
          id={stateId}
          value={listing.state ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            listing.setState(isUsStateCode(value) ? value : null);
          }}
          className={SELECT_CLASSES}
        >
          <option value="">{PRIORITY_LIST_TEXTS.nationalOption}</option>
          {US_STATES.map((state) => (
            <option key={state.code} value={state.code}>
              {state.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/**
 * The cards of a listing, at most `maxItems` of them; `emptyAction` is offered under "No priorities yet".
 */
export function PriorityCardList({
  listing,
  maxItems,
  emptyAction,
  label,
}: {
  listing: PriorityListing;
  maxItems?: number;
  emptyAction?: ReactNode;
  label: string;
}) {
  const { query, priorities } = listing;
  if (query.isPending) {
    return (
      <div role="status" aria-label={PRIORITY_LIST_TEXTS.loading} className="grid gap-4">
        {[0, 1, 2].map((key) => (
          <Card key={key} className="h-40 animate-pulse bg-slate-100" />
        ))}
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {PRIORITY_LIST_TEXTS.failed}
      </p>
    );
  }
  if (priorities.length === 0) {
    return listing.hasFilters ? (
      <EmptyState title={PRIORITY_LIST_TEXTS.noMatches} hint={PRIORITY_LIST_TEXTS.noMatchesHint} />
    ) : (
      <EmptyState title={PRIORITY_LIST_TEXTS.noPriorities} hint={PRIORITY_LIST_TEXTS.noPrioritiesHint} action={emptyAction} />
    );
  }
  const shown = maxItems === undefined ? priorities : priorities.slice(0, maxItems);
  const { stateList } = listing;
  return (
    <>
      {stateList && (
        <p className="text-sm text-slate-600" data-state-voters={stateList.votersCounted}>
          {stateVotersText(stateList.votersCounted, usStateName(stateList.state), stateList.minVoters)}
        </p>
      )}
      <ul aria-label={label} aria-busy={listing.isUpdating || undefined} className="grid gap-4">
        {shown.map((priority) => (
          <li key={priority.id}>
            <PriorityCard priority={priority} showRank={listing.showRank} state={stateList?.state} />
          </li>
        ))}
      </ul>
    </>
  );
}

function EmptyState({ title, hint, action }: { title: string; hint: string; action?: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      <p className="text-sm text-slate-600">{hint}</p>
      {action && <div className="mt-3">{action}</div>}
    </Card>
  );
}
