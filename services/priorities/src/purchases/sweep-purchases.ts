// The saga's safety net: purchases still pending or refunding PURCHASE_STALE_MS after they began belong
// to a request that died, or a refund the ledger could not take yet; each is refunded
// (refund-purchase.ts). A live request (at most PRIORITIES_LEDGER_TIMEOUT_MS plus one transaction)
// is always younger than the threshold, so it is never swept.
import type { PrioritiesContext } from '../context.ts';
import { PURCHASE_KINDS, type PurchaseKind } from './purchase-kinds.ts';
import { refundPurchase } from './refund-purchase.ts';

export const PURCHASE_STALE_MS = 60_000;
/** Purchases settled per kind and sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

export async function sweepPurchases(ctx: PrioritiesContext): Promise<{ refunded: number; unsettled: number }> {
  const staleBefore = new Date(ctx.platform.clock.now().getTime() - PURCHASE_STALE_MS).toISOString();
  let refunded = 0;
  let unsettled = 0;
  for (const kind of Object.keys(PURCHASE_KINDS) as PurchaseKind[]) {
    const rows = await ctx.db.query<{ id: string }>(
      `SELECT id FROM ${PURCHASE_KINDS[kind].table} WHERE status IN ('pending', 'refunding') AND created_at < $1::timestamptz ORDER BY created_at LIMIT ${SWEEP_BATCH}`,
      [staleBefore],
    );
    for (const { id } of rows) {
      const outcome = await refundPurchase(ctx, kind, id);
      if (outcome === 'refunded') refunded++;
      if (outcome === 'unsettled') unsettled++;
    }
  }
  if (refunded + unsettled > 0) ctx.platform.logger.info({ refunded, unsettled }, 'swept unsettled purchases');
  return { refunded, unsettled };
}
