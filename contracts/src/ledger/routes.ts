// Method and path of each ledger operation (contracts/src/ledger/http.ts adds the schemas).
// Zod-free, for browser code (docs/frontend-weight.md).
import type { Route } from '../shared/route.ts';

export const LEDGER_ROUTES = {
  listTransactions: { method: 'GET', path: '/api/political-capital/transactions' },
  dailyLogin: { method: 'POST', path: '/api/daily-login' },
} as const satisfies Record<string, Route>;
