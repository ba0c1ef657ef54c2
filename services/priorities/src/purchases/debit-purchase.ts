// Step 2 of the purchase saga: ask the ledger to debit one purchase. The ledger's answer is mapped to
// what the caller must do next; an answer that never came (no ledger, a timeout, a reply outside the
// contract) is `unknown`, which the caller settles by refunding the key (docs/ledger.md): a debit
// that did happen is given back, one that did not is cancelled before it can arrive.
import { LEDGER_REQUESTS } from '@civic/contracts';
import type { Identity } from '@civic/service-kit';
import type { PrioritiesContext } from '../context.ts';
import { PURCHASE_KINDS, type PurchaseKind } from './purchase-kinds.ts';

export type DebitOutcome =
  | { kind: 'paid'; balance: number }
  | { kind: 'insufficient'; message: string }
  /** The key was refunded already (the sweeper settled this purchase first): nothing is charged. */
  | { kind: 'cancelled' }
  | { kind: 'unknown'; error: unknown };

export interface Purchase {
  kind: PurchaseKind;
  id: string;
  userId: string;
  cost: number;
  /** What it is about (a priority's id), kept with the ledger entry. */
  reference: string;
}

export async function debitPurchase(ctx: PrioritiesContext, purchase: Purchase, identity: Identity): Promise<DebitOutcome> {
  const kind = PURCHASE_KINDS[purchase.kind];
  try {
    const reply = await ctx.platform.requests.request(
      LEDGER_REQUESTS.debit,
      { userId: purchase.userId, amount: purchase.cost, idempotencyKey: kind.ledgerKey(purchase.id), reason: kind.reason, reference: purchase.reference },
      { caller: 'priorities', identity, timeoutMs: ctx.ledgerTimeoutMs },
    );
    if (reply.ok) return { kind: 'paid', balance: reply.balance };
    return reply.reason === 'insufficient' ? { kind: 'insufficient', message: reply.message } : { kind: 'cancelled' };
  } catch (error) {
    return { kind: 'unknown', error };
  }
}
