// Promote a priority for priority_promotion_cost PC (50 by default; spec 2.6, 4, 8, 9, issue 19): "Promoting..." during the request, the button
// stays locked about a second afterwards; success refetches the lists, shows the balance the answer
// gives (the kit's setBalance) and reads the transactions again. Each click carries a fresh
// Idempotency-Key, so the server charges a request that reached it twice (a retry after a lost
// answer, the CSRF retry) only once. The toast names the amount the answer says was charged; should
// the answer not carry it, the setting as last read.
import type { TPromotionResult } from '@civic/contracts/priorities/http';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { apiRequest, isUnauthorizedError, randomUuid, rereadBalance, setBalance, toast, usePlatformSettings } from '@civic/frontend-kit';
import { promotePath, refetchPriorityLists } from './priority-queries.ts';
import { PRIORITY_TOASTS, promotedDescription } from './priority-texts.ts';

/** spec 9: the promote button stays locked 1000 ms after a click. */
export const PROMOTE_LOCK_MS = 1000;
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** spec 8: the server's refusal for want of capital says "Insufficient"; anything else is a plain failure. */
export function promoteFailureText(error: unknown): string {
  return error instanceof Error && error.message.includes('Insufficient') ? PRIORITY_TOASTS.promoteInsufficient : PRIORITY_TOASTS.promoteFailed;
}

interface Promoted {
  /** The PC charged; null when the answer does not say (then the caller's fallback). */
  cost: number | null;
  /** The caller's balance after the debit; null when nothing was debited or the answer does not say. */
  balance: number | null;
}

const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** What the promotion's answer says it charged and left. */
async function promotedOf(response: Response): Promise<Promoted> {
  try {
    const { cost, balance } = (await response.json()) as Partial<TPromotionResult>;
    return { cost: isAmount(cost) ? cost : null, balance: isAmount(balance) ? balance : null };
  } catch {
    return { cost: null, balance: null };
  }
}

export function usePromote(priorityId: string) {
  const [locked, setLocked] = useState(false);
  const { priority_promotion_cost: settingCost } = usePlatformSettings();
  const unlockTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (unlockTimer.current) clearTimeout(unlockTimer.current);
    },
    [],
  );

  const mutation = useMutation({
    mutationFn: async (idempotencyKey: string) =>
      promotedOf(await apiRequest('POST', promotePath(priorityId), undefined, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } })),
    onSuccess: ({ cost, balance }) => {
      toast({ title: PRIORITY_TOASTS.promoted, description: promotedDescription(cost ?? settingCost), variant: 'success' });
      // Not awaited: "Promoting..." and the lock follow the request alone (spec 4).
      void refetchPriorityLists();
      // A free promotion (cost 0) moved no balance.
      if (balance !== null) void setBalance({ balance });
      else if (cost !== 0) void rereadBalance();
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: PRIORITY_TOASTS.errorTitle, description: promoteFailureText(error), variant: 'destructive' });
      // A refusal for want of capital means the balance on screen was out of date: read it again.
      void rereadBalance();
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
      mutation.mutate(randomUuid());
    },
  };
}
