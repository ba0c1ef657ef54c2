// The balance the chrome shows (navbar, drawer) is the current user's politicalCapital, auth's copy of
// the ledger's; this is the one refresh every change of it triggers, in any area: the current user,
// and every cached read of the ledger (the dashboard's Political Capital Activity card among them).
import { isOperationPath } from '@civic/contracts/shared/route';
import { LEDGER_ROUTES } from '@civic/contracts/ledger/routes';
import type { Query, QueryFilters } from '@tanstack/react-query';
import { queryClient, queryKeyToPath } from '../api/query-client.ts';
import { refetchUntilChanged } from '../api/refetch-until-changed.ts';
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

const refetchCurrentUser = () => refetchAfterChange({ queryKey: CURRENT_USER_QUERY_KEY });

/**
 * After a credit or a debit: every place that shows the balance or the transactions reads them again.
 * Given the balance from before the change, the current user is read until the balance moved (auth's
 * copy trails the ledger; see refetch-until-changed.ts). The ledger's own transactions list is current
 * at once. Resolves when the last read is done: callers that must not wait do not await it.
 */
export async function refreshPoliticalCapital(balanceBefore: number | null = null): Promise<void> {
  const transactions = refetchAfterChange({ predicate: isTransactionsQuery });
  const balance =
    balanceBefore === null ? refetchCurrentUser() : refetchUntilChanged({ read: cachedBalance, refetch: refetchCurrentUser, before: balanceBefore });
  await Promise.all([transactions, balance]);
}
