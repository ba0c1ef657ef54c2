// Steps 3-4 of the purchase saga when the effect did not happen: claim the purchase for a refund
// (pending -> refunding, a compare-and-set: once claimed it can never be applied), have the ledger
// give the debit back by its key (or cancel the key if no debit arrived), then mark it refunded.
// Safe to run any number of times, by the request that failed, by the sweeper, by two replicas at
// once: the claim of an applied purchase changes nothing, and the ledger refunds a key once.
import { LEDGER_REQUESTS } from '@civic/contracts';
import type { PrioritiesContext } from '../context.ts';
import { payerIdentity, PURCHASE_KINDS, type PurchaseKind } from './purchase-kinds.ts';

/** refunded: the debit is given back (or never charged); applied: the effect won, nothing to give back; unsettled: try again later. */
export type RefundOutcome = 'refunded' | 'applied' | 'unsettled';

export async function refundPurchase(ctx: PrioritiesContext, kind: PurchaseKind, purchaseId: string): Promise<RefundOutcome> {
  const { table, ledgerKey } = PURCHASE_KINDS[kind];
  try {
    const [claimed] = await ctx.db.query<{ user_id: string | null; cost: number }>(
      `UPDATE ${table} SET status = 'refunding' WHERE id = $1::uuid AND status IN ('pending', 'refunding') RETURNING user_id, cost`,
      [purchaseId],
    );
    if (!claimed) {
      const [row] = await ctx.db.query<{ status: string }>(`SELECT status FROM ${table} WHERE id = $1::uuid`, [purchaseId]);
      return row?.status === 'applied' ? 'applied' : 'refunded';
    }
    // A free purchase debited nothing; an erased payer's ledger account is gone with its entries.
    if (claimed.user_id !== null && Number(claimed.cost) > 0) {
      await ctx.platform.requests.request(
        LEDGER_REQUESTS.refund,
        { userId: claimed.user_id, idempotencyKey: ledgerKey(purchaseId) },
        { caller: 'priorities', identity: payerIdentity(claimed.user_id), timeoutMs: ctx.ledgerTimeoutMs },
      );
    }
    await ctx.db.query(`UPDATE ${table} SET status = 'refunded', settled_at = $2::timestamptz WHERE id = $1::uuid AND status = 'refunding'`, [
      purchaseId,
      ctx.platform.clock.now().toISOString(),
    ]);
    return 'refunded';
  } catch (error) {
    ctx.platform.logger.warn({ err: error, kind, purchaseId }, 'purchase not refunded yet; the sweeper will try again');
    return 'unsettled';
  }
}

/**
 * A purchase the ledger refused as insufficient charged nothing and nobody else debits its key: its
 * row goes, so the client's Idempotency-Key can buy once the balance covers it (as the ledger keeps
 * a refused key free). If the sweeper claimed it meanwhile, the sweeper settles it.
 */
export async function discardUnpaidPurchase(ctx: PrioritiesContext, kind: PurchaseKind, purchaseId: string): Promise<void> {
  try {
    await ctx.db.query(`DELETE FROM ${PURCHASE_KINDS[kind].table} WHERE id = $1::uuid AND status = 'pending'`, [purchaseId]);
  } catch (error) {
    // Left pending, the sweeper cancels its key and marks it refunded: harmless.
    ctx.platform.logger.warn({ err: error, kind, purchaseId }, 'unpaid purchase not discarded; the sweeper will settle it');
  }
}
