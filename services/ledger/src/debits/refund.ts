// rpc.ledger.refund (docs/ledger.md "Spending: debit and refund"): gives a debit back by its key at
// most once, on the locked account. A key with no debit is cancelled, so a debit still on its way
// (the caller gave up waiting for its answer) charges nothing when it arrives.
import { LEDGER_DESCRIPTIONS, type TRefundReply, type TRefundRequest } from '@civic/contracts';
import { appendEntry } from '../accounts/append-entry.ts';
import { lockAccount } from '../accounts/lock-account.ts';
import type { LedgerContext } from '../context.ts';
import { findKeyedEntry } from '../accounts/find-keyed-entry.ts';

export async function refund(ctx: LedgerContext, request: TRefundRequest): Promise<TRefundReply> {
  const { userId, idempotencyKey: key } = request;
  return ctx.db.transaction(async (tx): Promise<TRefundReply> => {
    const now = ctx.platform.clock.now();
    const account = await lockAccount(tx, userId, now);
    // An erased account has nothing left to give back to.
    if (!account) return { outcome: 'cancelled', entryId: null, amount: 0, balance: 0 };

    const earlier = await findKeyedEntry(tx, userId, 'refund', key);
    if (earlier) return { outcome: 'refunded', entryId: earlier.id, amount: earlier.amount, balance: earlier.balanceAfter };
    const debited = await findKeyedEntry(tx, userId, 'debit', key);
    if (!debited) {
      await tx.execute(
        `INSERT INTO ledger.cancelled_debits (user_id, idempotency_key, cancelled_at) VALUES ($1::uuid, $2, $3::timestamptz)
         ON CONFLICT DO NOTHING`,
        [userId, key, now.toISOString()],
      );
      return { outcome: 'cancelled', entryId: null, amount: 0, balance: account.balance };
    }
    const entry = await appendEntry(tx, account, {
      amount: -debited.amount,
      kind: 'refund',
      description: LEDGER_DESCRIPTIONS.refundOf(debited.description),
      idempotencyKey: key,
      reference: debited.reference,
      at: now,
    });
    return { outcome: 'refunded', entryId: entry.id, amount: entry.amount, balance: entry.balance };
  });
}
