// spec 2.5: on load, when signed in, the dashboard requests the daily-login credit. The ledger pays it
// at most once per UTC day and answers 200 either way, with the balance after it, which the navbar
// then shows (the kit's setBalance; the transactions are read again). An unauthorized answer opens
// the sign-in dialog (spec 8; the kit's mutation handler does it); another failure is a toast titled
// "Error" (spec 8).
import type { TDailyLoginResponse } from '@civic/contracts/ledger/http';
import { apiRequestJson, isUnauthorizedError, serverMessageOf, setBalance, toast, useAuth } from '@civic/frontend-kit';
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
    mutationFn: () => apiRequestJson<TDailyLoginResponse>('POST', DAILY_LOGIN_PATH),
    onSuccess: ({ balance }) => {
      // Not awaited: the transactions' read holds nothing up.
      void setBalance({ balance });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: 'Error', description: serverMessageOf(error) ?? DAILY_LOGIN_FAILED, variant: 'destructive' });
    },
  });
  // Once per load of the dashboard and signed-in user.
  useEffect(() => {
    if (userId) mutate();
  }, [userId, mutate]);
}
