// Spending political capital (docs/ledger.md "Spending: debit and refund"): a service that sells something for
// PC asks the ledger to debit the user, and to refund the debit when what was paid for did not happen.
// Both are idempotent by (userId, idempotencyKey) (SECURITY 17); refunding a key with no debit
// cancels it, so a caller unsure whether its debit happened refunds, and the user keeps their PC.
// The request's identity must be the user's: a request about another user is not answered.
import { z } from 'zod';
import { DEBIT_REASONS } from './messages.ts';
import { defineRequest } from '../shared/define-request.ts';

/** A caller's name for one purchase: e.g. `promotion:<uuid>`. Letters, digits and `:._-`. */
export const ZIdempotencyKey = z
  .string()
  .min(1)
  .max(200, { abort: true })
  .regex(/^[A-Za-z0-9:._-]+$/, 'idempotencyKey may hold letters, digits and : . _ - only');

export const ZDebitRequest = z.strictObject({
  userId: z.string().uuid(),
  /** PC to take, > 0 (the caller reads the price from its setting, e.g. priority_promotion_cost). */
  amount: z.number().int().positive().max(1_000_000),
  idempotencyKey: ZIdempotencyKey,
  /** What is paid for; the transaction's description is LEDGER_DESCRIPTIONS.debit[reason]. */
  reason: z.enum(DEBIT_REASONS),
  /** What it is about, kept with the entry (e.g. the priority's id). */
  reference: z.string().max(200).optional(),
});
export type TDebitRequest = z.infer<typeof ZDebitRequest>;

export const ZDebitReply = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    /** The debit's ledger entry (the same one for every repetition of the key). */
    entryId: z.string().uuid(),
    amount: z.number().int().positive(),
    /** The balance right after this debit. */
    balance: z.number().int().nonnegative(),
  }),
  z.object({
    ok: z.literal(false),
    /** insufficient: the balance does not cover it; cancelled: the key was refunded or cancelled. */
    reason: z.enum(['insufficient', 'cancelled']),
    /** For people; for `insufficient` it contains "Insufficient" (spec 8). */
    message: z.string(),
    /** The balance now. */
    balance: z.number().int().nonnegative(),
  }),
]);
export type TDebitReply = z.infer<typeof ZDebitReply>;

export const ZRefundRequest = z.strictObject({
  userId: z.string().uuid(),
  /** The key of the debit to give back. */
  idempotencyKey: ZIdempotencyKey,
});
export type TRefundRequest = z.infer<typeof ZRefundRequest>;

export const ZRefundReply = z.object({
  /**
   * refunded: the debit with this key has been credited back (by this request or an earlier one;
   * entryId and amount are the refund's). cancelled: there was no debit with this key; none will be
   * accepted later (entryId null, amount 0).
   */
  outcome: z.enum(['refunded', 'cancelled']),
  entryId: z.string().uuid().nullable(),
  amount: z.number().int().nonnegative(),
  /** refunded: the balance right after the refund; cancelled: the balance now. */
  balance: z.number().int().nonnegative(),
});
export type TRefundReply = z.infer<typeof ZRefundReply>;

export const LEDGER_REQUESTS = {
  debit: defineRequest('rpc.ledger.debit', ZDebitRequest, ZDebitReply, ['priorities']),
  refund: defineRequest('rpc.ledger.refund', ZRefundRequest, ZRefundReply, ['priorities']),
} as const;
