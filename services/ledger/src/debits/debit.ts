// rpc.ledger.debit (docs/ledger.md "Spending: debit and refund"): takes PC once per (user,
// idempotency key) with one call of ledger.post_debit on the account locked as every posting locks
// it, then its event through the kit's outbox. A repeat answers the first answer (or `cancelled`
// once refunded); `insufficient` records nothing, so the key stays free. One SQL function call, not
// an interactive transaction of ten: the debit is the hot path of every purchase.
import { randomUUID } from 'node:crypto';
import { insufficientMessage, LEDGER_DESCRIPTIONS, LEDGER_MESSAGES, ledgerEvents, type TDebitReply, type TDebitRequest } from '@civic/contracts';
import { buildOutboxRows, insertOutboxRows } from '@civic/service-kit/events';
import type { LedgerContext } from '../context.ts';
import { ledgerErasureGuard } from '../data-rights/erasure-guard.ts';

type Posted = {
  status: 'debited' | 'repeated' | 'cancelled' | 'insufficient' | 'erased';
  entry_id: string | null;
  amount: number;
  balance: number;
  version: number;
};

const POST_DEBIT =
  'SELECT status, entry_id, amount, balance, version FROM ledger.post_debit($1::int, $2::uuid, $3::int, $4::text, $5::text, $6::text, $7::uuid, $8::timestamptz)';

export async function debit(ctx: LedgerContext, request: TDebitRequest): Promise<TDebitReply> {
  const { userId, amount, idempotencyKey: key } = request;
  const entryId = randomUUID();
  const at = ctx.platform.clock.now();
  const balanceChanged = ({ balance, version }: Posted) =>
    buildOutboxRows(
      ledgerEvents.BalanceChanged,
      [{ userId, balance, version, entryId, amount: -amount, kind: 'debit', changedAt: at.toISOString() }],
      [{ occurredAt: at }],
    ).rows;
  const call = {
    text: POST_DEBIT,
    params: [
      ledgerErasureGuard.lockClass,
      userId,
      amount,
      key,
      LEDGER_DESCRIPTIONS.debit[request.reason],
      request.reference ?? null,
      entryId,
      at.toISOString(),
    ],
  };
  const [posted] = await ctx.db.transaction(async (tx) => {
    const rows = await tx.query<Posted>(call.text, call.params);
    if (rows[0]?.status === 'debited') await insertOutboxRows(tx, ledgerErasureGuard.schema, balanceChanged(rows[0]));
    return rows;
  });
  switch (posted!.status) {
    case 'debited':
      return { ok: true, entryId: posted!.entry_id!, amount, balance: posted!.balance };
    case 'repeated':
      return { ok: true, entryId: posted!.entry_id!, amount: posted!.amount, balance: posted!.balance };
    case 'cancelled':
      return { ok: false, reason: 'cancelled', message: LEDGER_MESSAGES.cancelled, balance: posted!.balance };
    // An erased account has nothing to spend (and gets no account row again).
    case 'erased':
    case 'insufficient':
      return { ok: false, reason: 'insufficient', message: insufficientMessage(amount, posted!.balance), balance: posted!.balance };
  }
}
