// Requests and answers of the ledger service (spec 2.5 Political Capital Activity card and the
// daily-login request, 3 "Political capital transaction", 7.3, 9). The ledger is the only writer of
// balances; docs/ledger.md states its invariants. Balances reach GET /api/auth/user through
// civic.ledger.balance.changed; debits and refunds between services are requests
// (contracts/src/ledger/requests.ts).
import { z } from 'zod';
import { LEDGER_MESSAGES as M, TRANSACTION_LIST_LIMITS } from './messages.ts';
import { defineOperation } from '../shared/operation.ts';
import { LEDGER_ROUTES } from './routes.ts';

export {
  BRIEFING_DOCUMENT_REWARD,
  DEBIT_REASONS,
  LEDGER_DESCRIPTIONS,
  LEDGER_ENTRY_KINDS,
  LEDGER_MESSAGES,
  PRIORITY_CREATION_REWARD,
  TRANSACTION_LIST_LIMITS,
  insufficientMessage,
  type TDebitReason,
  type TLedgerEntryKind,
} from './messages.ts';

/** spec 3: id, description, amount (positive or negative); createdAt orders and dates it. */
export const ZPoliticalCapitalTransaction = z.object({
  id: z.string().uuid(),
  description: z.string(),
  amount: z.number().int(),
  createdAt: z.string(),
});
export type TPoliticalCapitalTransaction = z.infer<typeof ZPoliticalCapitalTransaction>;

/** spec 7.3 sends no query (the dashboard shows the 3 latest); paging is there for longer lists. */
export const ZTransactionListQuery = z.strictObject({
  limit: z.coerce.number({ error: M.limit }).int(M.limit).min(1, M.limit).max(TRANSACTION_LIST_LIMITS.max, M.limit).default(TRANSACTION_LIST_LIMITS.default),
  offset: z.coerce.number({ error: M.offset }).int(M.offset).min(0, M.offset).default(0),
});
export type TTransactionListQuery = z.infer<typeof ZTransactionListQuery>;

/**
 * POST /api/daily-login (spec 2.5: asked on every dashboard load; the client shows `balance`).
 * `credited` is true for the first call of the user's UTC day, which earned `amount`
 * (daily_login_bonus); every later call that day answers credited: false, amount: 0.
 */
export const ZDailyLoginResponse = z.object({
  credited: z.boolean(),
  amount: z.number().int().nonnegative(),
  balance: z.number().int().nonnegative(),
});
export type TDailyLoginResponse = z.infer<typeof ZDailyLoginResponse>;

export const LEDGER_OPERATIONS = {
  listTransactions: defineOperation({
    ...LEDGER_ROUTES.listTransactions,
    owner: 'ledger',
    auth: 'user',
    errors: [400, 401],
    summary: "The caller's political capital transactions, newest first (limit default 50, at most 100; offset)",
    query: ZTransactionListQuery,
    response: z.array(ZPoliticalCapitalTransaction),
  }),
  dailyLogin: defineOperation({
    ...LEDGER_ROUTES.dailyLogin,
    owner: 'ledger',
    auth: 'active-user',
    errors: [401, 403],
    summary: 'Credit daily_login_bonus once per UTC day; 200 whether or not this call credited it; banned users get 403',
    response: ZDailyLoginResponse,
  }),
};
