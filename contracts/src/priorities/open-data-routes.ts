// Method and path of each open-data operation (contracts/src/priorities/open-data.ts adds the
// schemas). Zod-free, for browser code (docs/frontend-weight.md).
import type { Route } from '../shared/route.ts';

export const OPEN_DATA_ROUTES = {
  listSnapshots: { method: 'GET', path: '/api/open-data/snapshots' },
  getSnapshot: { method: 'GET', path: '/api/open-data/snapshots/{id}' },
  getSnapshotPriority: { method: 'GET', path: '/api/open-data/snapshots/{id}/priorities/{priorityId}' },
  takeSnapshot: { method: 'POST', path: '/api/admin/open-data/snapshots' },
  voteReceipt: { method: 'GET', path: '/api/priorities/{id}/vote/receipt' },
} as const satisfies Record<string, Route>;
