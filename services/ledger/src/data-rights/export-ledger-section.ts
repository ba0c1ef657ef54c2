// The ledger's section of the account export: the balance and every entry of the user's account,
// oldest first. One query, so the balance (the last entry's balance after it) and the entries always
// agree. Callers' idempotency keys are technical names of requests, not the user's data, and stay
// out; what a debit paid for (its reference) is in.
import type { EXPORT_REQUESTS, ReplyPayload, TLedgerEntryKind } from '@civic/contracts';
import type { LedgerContext } from '../context.ts';

interface EntryRow {
  id: string;
  kind: string;
  description: string;
  amount: number;
  balanceAfter: number;
  reference: string | null;
  createdAt: Date;
}

export async function exportLedgerSection(ctx: LedgerContext, userId: string): Promise<ReplyPayload<typeof EXPORT_REQUESTS.ledger>> {
  const entries = await ctx.db.query<EntryRow>(
    `SELECT id, kind, description, amount, balance_after AS "balanceAfter", reference, created_at AS "createdAt"
     FROM ledger.entries WHERE user_id = $1::uuid ORDER BY version`,
    [userId],
  );
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
