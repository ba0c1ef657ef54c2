// The balance the chrome shows (navbar, drawer) is the current user's politicalCapital, auth's copy of
// the ledger's. Every credit or debit answers the balance after it (or what it earned), so the cache
// is set from that answer, in any area, rather than read from auth, which trails by an event; the
// ledger's own transactions list (the dashboard's Political Capital Activity card) is read again.
import { isOperationPath } from '@civic/contracts/shared/route';
import { LEDGER_ROUTES } from '@civic/contracts/ledger/routes';
import type { Query, QueryFilters } from '@tanstack/react-query';
import { queryClient, queryKeyToPath } from '../api/query-client.ts';
import { pinBalance } from './balance-pin.ts';
import { CURRENT_USER_QUERY_KEY, type CurrentUser } from './current-user.ts';

/** The balance the current-user read holds now (null signed out or not read yet). */
export function cachedBalance(): number | null {
  return queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_QUERY_KEY)?.politicalCapital ?? null;
}

const isTransactionsQuery = (query: Query): boolean => isOperationPath(LEDGER_ROUTES.listTransactions, queryKeyToPath(query.queryKey));

/**
 * Reads queries again after a change. A read started before the change may still be in flight, and
 * when the query holds no data yet TanStack makes an invalidation join that read rather than start
 * another, so its answer from before the change would stay (seen: the dashboard's first transactions
 * read racing the daily login). Cancelling first makes the refetch a new read.
 */
async function refetchAfterChange(filters: QueryFilters): Promise<void> {
  await queryClient.cancelQueries(filters);
  await queryClient.invalidateQueries(filters);
}

const refetchTransactions = () => refetchAfterChange({ predicate: isTransactionsQuery });

export interface BalanceAnswer {
  /** The balance after the change, as the answer gives it (or as it follows from what it earned). */
  balance: number;
  /** Balances the ledger passes through on the way (a debit before the reward that follows it). */
  passedThrough?: readonly number[];
}

/**
 * After a credit or a debit: shows the balance its answer gave, which a read of auth's trailing copy
 * does not replace for a while (balance-pin.ts), and reads the transactions again. Resolves when that
 * read is done: callers that must not wait do not await it.
 */
export function setBalance({ balance, passedThrough }: BalanceAnswer): Promise<void> {
  const user = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_QUERY_KEY);
  if (user) {
    pinBalance({ userId: user.id, before: user.politicalCapital, balance, passedThrough, now: Date.now() });
    const shown: CurrentUser = { ...user, politicalCapital: balance };
    queryClient.setQueryData<CurrentUser | null>(CURRENT_USER_QUERY_KEY, shown);
  }
  return refetchTransactions();
}

/** After a change whose answer gives no balance (a refusal for want of capital): read both again. */
export async function rereadBalance(): Promise<void> {
  await Promise.all([refetchTransactions(), refetchAfterChange({ queryKey: CURRENT_USER_QUERY_KEY })]);
}
