// The priorities area's shared pieces, loaded through Module Federation when the dashboard shows them:
// the types come from that area's source (type-only import), so a changed export breaks this
// area's type check, not the page; the code comes from wherever the priorities remote is deployed.
import type * as PrioritiesShared from '@civic/frontend-priorities/shared';
import { loadRemoteModule } from '@civic/frontend-kit';
import { lazy } from 'react';

const loadShared = () => loadRemoteModule<typeof PrioritiesShared>('priorities', './shared');

export const FilteredPriorityList = lazy(async () => ({ default: (await loadShared()).FilteredPriorityList }));
export const CreatePriorityDialog = lazy(async () => ({ default: (await loadShared()).CreatePriorityDialog }));
