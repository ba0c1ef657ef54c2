// GET /api/political-capital/transactions: the caller's own entries, newest first (the account's
// version is its exact order of posting; the (user_id, version) index serves it).
import type { TPoliticalCapitalTransaction, TTransactionListQuery } from '@civic/contracts';
import type { LedgerContext } from '../context.ts';

export async function listTransactions(ctx: LedgerContext, userId: string, query: TTransactionListQuery): Promise<TPoliticalCapitalTransaction[]> {
  const entries = await ctx.db.entry.findMany({
    where: { userId },
    orderBy: { version: 'desc' },
    take: query.limit,
    skip: query.offset,
    select: { id: true, description: true, amount: true, createdAt: true },
  });
  return entries.map((e) => ({ id: e.id, description: e.description, amount: e.amount, createdAt: e.createdAt.toISOString() }));
}
