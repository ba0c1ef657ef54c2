// Method and path of each briefing operation (contracts/src/briefing/http.ts adds the schemas).
// Zod-free, for browser code (docs/frontend-weight.md).
import type { Route } from '../shared/route.ts';

export const BRIEFING_ROUTES = {
  listDocuments: { method: 'GET', path: '/api/briefing-docs' },
  createDocument: { method: 'POST', path: '/api/briefing-docs' },
  documentStats: { method: 'GET', path: '/api/briefing-docs/stats' },
  deleteDocument: { method: 'DELETE', path: '/api/admin/briefing-docs/{id}' },
} as const satisfies Record<string, Route>;
