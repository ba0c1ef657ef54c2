// Where the political capital balance and its transactions are read (spec 7.3), and the one refresh
// every change of the balance triggers: the current user (navbar drawer, profile, network tile) and
// the transactions (the dashboard's Political Capital Activity card).
import { CURRENT_USER_QUERY_KEY } from '../auth/current-user.ts';
import { queryClient } from './query-client.ts';

export const TRANSACTIONS_PATH = '/api/political-capital/transactions';
export const TRANSACTIONS_QUERY_KEY = [TRANSACTIONS_PATH] as const;
export const DAILY_LOGIN_PATH = '/api/daily-login';

/** After a credit or a debit: every place that shows the balance or the transactions reads them again. */
export async function refreshPoliticalCapital(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY }),
  ]);
}
