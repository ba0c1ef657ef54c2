// spec 2.5: on load, when signed in, the dashboard requests the daily-login credit. The ledger pays it
// at most once per UTC day and answers 200 either way, so every load may ask; its body is not used
// (spec 7.3). Afterwards the balance and the transactions are read again. An unauthorized answer opens
// the sign-in dialog (spec 8; the kit's mutation handler does it); another failure is a toast titled
// "Error" (spec 8).
import { apiRequest, cachedBalance, isUnauthorizedError, refreshPoliticalCapital, serverMessageOf, toast, useAuth } from '@civic/frontend-kit';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DAILY_LOGIN_PATH } from '../../api/queries.ts';

/** Shown when the failure carries no message of its own. */
export const DAILY_LOGIN_FAILED = 'Failed to record your daily login. Please try again.';

export function useDailyLogin(): void {
  const { user } = useAuth();
  // A banned account earns nothing (the ledger answers 403): it is not asked, so no toast either.
  const userId = user && !user.isBanned ? user.id : null;
  const { mutate } = useMutation({
    // The balance before the request: the refresh reads the current user until it moved, if it does.
    mutationFn: async (_: { balanceBefore: number | null }) => {
      await apiRequest('POST', DAILY_LOGIN_PATH);
    },
    onSuccess: (_, { balanceBefore }) => {
      // Not awaited: the catch-up may take seconds and holds nothing up.
      void refreshPoliticalCapital(balanceBefore);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: 'Error', description: serverMessageOf(error) ?? DAILY_LOGIN_FAILED, variant: 'destructive' });
    },
  });
  // Once per load of the dashboard and signed-in user.
  useEffect(() => {
    if (userId) mutate({ balanceBefore: cachedBalance() });
  }, [userId, mutate]);
}
