// What the priorities service sells for political capital (docs/ledger.md "the saga a paying service
// runs"): a promotion, and a priority when priority_creation_cost > 0. Each purchase is a row of its
// own table (migration 20261126000000_promotions) and one ledger debit, keyed by the row's id.
import type { TDebitReason } from '@civic/contracts';
import type { Identity } from '@civic/service-kit';

export type PurchaseKind = 'promotion' | 'creation';

export interface PurchaseKindInfo {
  /** The purchases' table (a fixed identifier, never input). */
  table: string;
  /** What the ledger entry says it paid for. */
  reason: TDebitReason;
  /** The ledger's idempotency key of one purchase: it pays for that one thing, once. */
  ledgerKey(purchaseId: string): string;
}

export const PURCHASE_KINDS: Record<PurchaseKind, PurchaseKindInfo> = {
  promotion: { table: 'priorities.promotions', reason: 'promote_priority', ledgerKey: (id) => `promotion:${id}` },
  creation: { table: 'priorities.creation_charges', reason: 'create_priority', ledgerKey: (id) => `create-priority:${id}` },
};

/** rpc.ledger.debit refuses larger amounts (contracts/src/ledger/requests.ts); no balance comes near it. */
export const MAX_PRICE = 1_000_000;

/**
 * The identity a ledger request about `userId` carries when no request of theirs is at hand (the
 * sweeper, a refund): the ledger answers only requests whose identity is the user they are about.
 */
export function payerIdentity(userId: string): Identity {
  return { userId, isAdmin: false, isBanned: false, ip: '127.0.0.1' };
}
