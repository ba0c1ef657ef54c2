// Promote a priority for 50 PC (spec 2.6, 4, 8, 9): "Promoting..." during the request, the button
// stays locked about a second afterwards; success refetches the lists, the current user (balance) and
// the transactions.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../api/api-client.ts';
import { isUnauthorizedError } from '../../api/api-error.ts';
import { refreshPoliticalCapital } from '../../api/political-capital-queries.ts';
import { toast } from '../../toast/toast-store.ts';
import { promotePath, refetchPriorityLists } from './priority-queries.ts';
import { PRIORITY_TOASTS } from './priority-texts.ts';

/** spec 9: the promote button stays locked 1000 ms after a click. */
export const PROMOTE_LOCK_MS = 1000;

export function promoteFailureText(error: unknown): string {
  return error instanceof Error && error.message.includes('Insufficient')
    ? PRIORITY_TOASTS.promoteInsufficient
    : PRIORITY_TOASTS.promoteFailed;
}

export function usePromote(priorityId: string) {
  const [locked, setLocked] = useState(false);
  const unlockTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (unlockTimer.current) clearTimeout(unlockTimer.current);
  }, []);

  const mutation = useMutation({
    mutationFn: () => apiRequest('POST', promotePath(priorityId)),
    onSuccess: async () => {
      toast({ title: PRIORITY_TOASTS.promoted, description: PRIORITY_TOASTS.promotedDescription, variant: 'success' });
      await Promise.all([refetchPriorityLists(), refreshPoliticalCapital()]);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: PRIORITY_TOASTS.errorTitle, description: promoteFailureText(error), variant: 'destructive' });
    },
    onSettled: () => {
      setLocked(true);
      unlockTimer.current = setTimeout(() => setLocked(false), PROMOTE_LOCK_MS);
    },
  });

  return {
    isPromoting: mutation.isPending,
    isDisabled: mutation.isPending || locked,
    promote: () => {
      if (mutation.isPending || locked) return;
      mutation.mutate();
    },
  };
}
