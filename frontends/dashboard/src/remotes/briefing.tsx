// The briefing area's shared pieces, loaded through Module Federation when the dashboard shows them
// (the Contribute Document dialog of "Submit Talking Point"): types from that area's source
// (type-only import), code from wherever the briefing remote is deployed.
import type * as BriefingShared from '@civic/frontend-briefing/shared';
import { loadRemoteModule } from '@civic/frontend-kit';
import { lazy } from 'react';

const loadShared = () => loadRemoteModule<typeof BriefingShared>('briefing', './shared');

export const ContributeDocumentDialog = lazy(async () => ({ default: (await loadShared()).ContributeDocumentDialog }));
