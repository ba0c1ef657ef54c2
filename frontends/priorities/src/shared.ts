// What other areas reuse from the priorities area, exposed through Module Federation as
// "civic_priorities/shared" (the dashboard's Top Priorities and its Create Priority dialog).
// Consumers import its types only (a typed wrapper) and load it at run time, so this area
// deploys on its own.
export { CREATE_PRIORITY_TITLE, CreatePriorityDialog } from './features/create-priority/create-priority-dialog.tsx';
export { FilteredPriorityList, type FilteredPriorityListProps } from './features/priority-listing/filtered-priority-list.tsx';
