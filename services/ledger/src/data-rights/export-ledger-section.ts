// The ledger's section of the account export: the balance and every entry of the user's account,
// oldest first. One query, so the balance (the last entry's balance after it) and the entries always
// agree. Callers' idempotency keys are technical names of requests, not the user's data, and stay
// out; what a debit paid for (its reference) is in.
import type { EXPORT_REQUESTS, ReplyPayload, TLedgerEntryKind } from '@civic/contracts';
import type { LedgerContext } from '../context.ts';

export async function exportLedgerSection(ctx: LedgerContext, userId: string): Promise<ReplyPayload<typeof EXPORT_REQUESTS.ledger>> {
  const entries = await ctx.db.entry.findMany({
    where: { userId },
    orderBy: { version: 'asc' },
    select: { id: true, kind: true, description: true, amount: true, balanceAfter: true, reference: true, createdAt: true },
  });
  return {
    balance: entries.at(-1)?.balanceAfter ?? 0,
    entries: entries.map((e) => ({
      id: e.id,
      kind: e.kind as TLedgerEntryKind,
      description: e.description,
      amount: e.amount,
      reference: e.reference,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}
