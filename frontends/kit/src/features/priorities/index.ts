// The priorities pieces shared by the dashboard and All Priorities (one copy for both areas).
export { CREATE_PRIORITY_TITLE, CreatePriorityDialog } from './create-priority-dialog.tsx';
export { categoryBadgeClasses, ISSUE_CATEGORIES, isIssueCategory, type IssueCategory } from './issue-categories.ts';
export { useLivePriorities } from './live-priorities.ts';
export { authorNameOf, PriorityCard } from './priority-card.tsx';
export { PriorityCardList, PriorityFilters } from './priority-list.tsx';
export { canLoadMore, hasActiveFilters, showsRankNumbers } from './priority-list-view.ts';
export {
  ALL_CATEGORIES,
  ISSUES_PATH,
  isPriorityListQuery,
  PRIORITIES_PATH,
  PRIORITY_PAGE_SIZE,
  priorityListPath,
  refetchPriorityLists,
  STATS_PATH,
  type CategoryFilter,
} from './priority-queries.ts';
export { PRIORITY_LIST_TEXTS, PRIORITY_TOASTS, priorityCountText } from './priority-texts.ts';
export { PRIORITY_SORT_LABELS, PRIORITY_SORTS, sortPriorities, type PrioritySort } from './sort-priorities.ts';
export { usePriorityListing, type PriorityListing } from './use-priority-listing.ts';
export { usePromote } from './use-promote.ts';
export { useVote } from './use-vote.ts';
