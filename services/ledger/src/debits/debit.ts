// rpc.ledger.debit (contracts/src/requests/ledger.ts, docs/ledger.md): takes PC from a user's
// account for something a service sells, once per (user, idempotency key). In one transaction on
// the locked account:
// - the key's debit exists: the same answer as the first time (its entry, amount and the balance
//   right after it), or `cancelled` if it has been refunded since;
// - the key was cancelled (refunded before this debit arrived): `cancelled`, nothing charged;
// - the balance does not cover the amount: `insufficient`, nothing recorded (the key stays free);
// - otherwise the debit entry, the balance and the balance.changed event.
import { insufficientMessage, LEDGER_DESCRIPTIONS, LEDGER_MESSAGES, type TDebitReply, type TDebitRequest } from '@civic/contracts';
import { appendEntry } from '../accounts/append-entry.ts';
import { lockAccount } from '../accounts/lock-account.ts';
import type { LedgerContext } from '../context.ts';
import { ACCOUNT_TRANSACTION } from '../db.ts';
import { publishCommitted } from '../events.ts';
import { findKeyedEntry, isCancelled } from '../accounts/find-keyed-entry.ts';

export async function debit(ctx: LedgerContext, request: TDebitRequest): Promise<TDebitReply> {
  const { userId, amount, idempotencyKey: key } = request;
  let posted = false;
  const reply = await ctx.db.$transaction(async (tx): Promise<TDebitReply> => {
    const account = await lockAccount(tx, userId, ctx.platform.clock.now());
    // An erased account has nothing to spend (and gets no account row again).
    if (!account) return { ok: false, reason: 'insufficient', message: insufficientMessage(amount, 0), balance: 0 };

    const earlier = await findKeyedEntry(tx, userId, 'debit', key);
    if (earlier) {
      if (await findKeyedEntry(tx, userId, 'refund', key)) return cancelled(account.balance);
      return { ok: true, entryId: earlier.id, amount: -earlier.amount, balance: earlier.balanceAfter };
    }
    if (await isCancelled(tx, userId, key)) return cancelled(account.balance);
    if (account.balance < amount) {
      return { ok: false, reason: 'insufficient', message: insufficientMessage(amount, account.balance), balance: account.balance };
    }
    const entry = await appendEntry(tx, account, {
      amount: -amount,
      kind: 'debit',
      description: LEDGER_DESCRIPTIONS.debit[request.reason],
      idempotencyKey: key,
      reference: request.reference ?? null,
      at: ctx.platform.clock.now(),
    });
    posted = true;
    return { ok: true, entryId: entry.id, amount, balance: entry.balance };
  }, ACCOUNT_TRANSACTION);
  if (posted) publishCommitted(ctx);
  return reply;
}

function cancelled(balance: number): TDebitReply {
  return { ok: false, reason: 'cancelled', message: LEDGER_MESSAGES.cancelled, balance };
}
