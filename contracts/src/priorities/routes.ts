// Method and path of each priorities operation (contracts/src/priorities/http.ts adds the schemas),
// and the live stream's path. Zod-free, for browser code (docs/frontend-weight.md).
import type { Route } from '../shared/route.ts';

export const PRIORITIES_ROUTES = {
  listIssues: { method: 'GET', path: '/api/issues' },
  getIssue: { method: 'GET', path: '/api/issues/{id}' },
  listPriorities: { method: 'GET', path: '/api/priorities' },
  createPriority: { method: 'POST', path: '/api/priorities' },
  vote: { method: 'POST', path: '/api/priorities/{id}/vote' },
  removeVote: { method: 'DELETE', path: '/api/priorities/{id}/vote' },
  promote: { method: 'POST', path: '/api/priorities/{id}/promote' },
  stats: { method: 'GET', path: '/api/stats' },
  deletePriority: { method: 'DELETE', path: '/api/admin/priorities/{id}' },
} as const satisfies Record<string, Route>;

/** The live stream (not an operation: its answer is not JSON); contracts/src/priorities/http.ts describes it. */
export const PRIORITY_STREAM_PATH = '/api/priorities/stream';
