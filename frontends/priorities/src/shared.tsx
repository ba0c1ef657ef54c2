// What other areas reuse from the priorities area, exposed through Module Federation as
// "civic_priorities/shared" (the dashboard's Top Priorities and its Create Priority dialog).
// Consumers import its types only (a typed wrapper) and load it at run time, so this area deploys
// on its own. Each piece renders inside this area's root, so this area's stylesheet styles it
// wherever it is shown.
import { AreaRoot } from '@civic/frontend-kit';
import type { ComponentProps } from 'react';
import { CreatePriorityDialog as Dialog } from './features/create-priority/create-priority-dialog.tsx';
import { FilteredPriorityList as List, type FilteredPriorityListProps } from './features/priority-listing/filtered-priority-list.tsx';
import './styles.css';

const AREA = 'priorities';

export { CREATE_PRIORITY_TITLE } from './features/create-priority/create-priority-dialog.tsx';
export type { FilteredPriorityListProps };

export function FilteredPriorityList(props: FilteredPriorityListProps) {
  return (
    <AreaRoot name={AREA}>
      <List {...props} />
    </AreaRoot>
  );
}

export function CreatePriorityDialog(props: ComponentProps<typeof Dialog>) {
  return (
    <AreaRoot name={AREA}>
      <Dialog {...props} />
    </AreaRoot>
  );
}
