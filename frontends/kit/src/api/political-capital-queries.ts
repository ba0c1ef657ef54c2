// Where the political capital balance and its transactions are read (spec 7.3), and the one refresh
// every change of the balance triggers: the current user (navbar drawer, profile, network tile) and
// the transactions (the dashboard's Political Capital Activity card).
import { LEDGER_ROUTES } from '@civic/contracts/ledger/routes';
import { CURRENT_USER_QUERY_KEY, type CurrentUser } from '../auth/current-user.ts';
import { queryClient } from './query-client.ts';
import { refetchUntilChanged } from './refetch-until-changed.ts';

export const TRANSACTIONS_PATH = LEDGER_ROUTES.listTransactions.path;
export const TRANSACTIONS_QUERY_KEY = [TRANSACTIONS_PATH] as const;
export const DAILY_LOGIN_PATH = LEDGER_ROUTES.dailyLogin.path;

/** The balance the current-user read holds now (null signed out or not read yet). */
export function cachedBalance(): number | null {
  return queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_QUERY_KEY)?.politicalCapital ?? null;
}

/**
 * Reads a query again after a change. A read started before the change may still be in flight, and
 * when the query holds no data yet TanStack makes an invalidation join that read rather than start
 * another, so its answer from before the change would stay (seen: the dashboard's first transactions
 * read racing the daily login). Cancelling first makes the refetch a new read.
 */
async function refetchAfterChange(queryKey: readonly unknown[]): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}

const refetchCurrentUser = () => refetchAfterChange(CURRENT_USER_QUERY_KEY);

/**
 * After a credit or a debit: every place that shows the balance or the transactions reads them again.
 * Given the balance from before the change, the current user is read until the balance moved (auth's
 * copy trails the ledger; see refetch-until-changed.ts). The ledger's own transactions list is current
 * at once. Resolves when the last read is done: callers that must not wait do not await it.
 */
export async function refreshPoliticalCapital(balanceBefore: number | null = null): Promise<void> {
  const transactions = refetchAfterChange(TRANSACTIONS_QUERY_KEY);
  const balance =
    balanceBefore === null ? refetchCurrentUser() : refetchUntilChanged({ read: cachedBalance, refetch: refetchCurrentUser, before: balanceBefore });
  await Promise.all([transactions, balance]);
}
