// Promote a priority for priority_promotion_cost PC (50 by default; spec 2.6, 4, 8, 9, issue 19): "Promoting..." during the request, the button
// stays locked about a second afterwards; success refetches the lists, the current user (balance) and
// the transactions. Each click carries a fresh Idempotency-Key, so the server charges a request that
// reached it twice (a retry after a lost answer, the CSRF retry) only once. The toast names the
// amount the answer says was charged; should the answer not carry it, the setting as last read.
import type { TPromotionResult } from '@civic/contracts/priorities/http';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { apiRequest, cachedBalance, isUnauthorizedError, randomUuid, refreshPoliticalCapital, toast, usePlatformSettings } from '@civic/frontend-kit';
import { promotePath, refetchPriorityLists } from './priority-queries.ts';
import { PRIORITY_TOASTS, promotedDescription } from './priority-texts.ts';

/** spec 9: the promote button stays locked 1000 ms after a click. */
export const PROMOTE_LOCK_MS = 1000;
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** spec 8: the server's refusal for want of capital says "Insufficient"; anything else is a plain failure. */
export function promoteFailureText(error: unknown): string {
  return error instanceof Error && error.message.includes('Insufficient') ? PRIORITY_TOASTS.promoteInsufficient : PRIORITY_TOASTS.promoteFailed;
}

interface PromoteClick {
  idempotencyKey: string;
  /** The balance before the click: the refresh reads the current user until it moved. */
  balanceBefore: number | null;
}

/** The PC charged, as the promotion's answer gives it; null when it does not (then the caller's fallback). */
async function chargedCost(response: Response): Promise<number | null> {
  try {
    const { cost } = (await response.json()) as Partial<TPromotionResult>;
    return typeof cost === 'number' && Number.isInteger(cost) && cost >= 0 ? cost : null;
  } catch {
    return null;
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
    mutationFn: async ({ idempotencyKey }: PromoteClick) =>
      chargedCost(await apiRequest('POST', promotePath(priorityId), undefined, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } })),
    onSuccess: (cost, { balanceBefore }) => {
      toast({ title: PRIORITY_TOASTS.promoted, description: promotedDescription(cost ?? settingCost), variant: 'success' });
      // Not awaited: "Promoting..." and the lock follow the request alone (spec 4), and the balance
      // catch-up may take seconds.
      void refetchPriorityLists();
      void refreshPoliticalCapital(balanceBefore);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: PRIORITY_TOASTS.errorTitle, description: promoteFailureText(error), variant: 'destructive' });
      // A refusal for want of capital means the balance on screen was out of date: read it again.
      void refreshPoliticalCapital();
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
      mutation.mutate({ idempotencyKey: randomUuid(), balanceBefore: cachedBalance() });
    },
  };
}
