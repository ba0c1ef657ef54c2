// GET /api/political-capital/transactions: the caller's own entries, newest first (the account's
// version is its exact order of posting; the (user_id, version) index serves it).
import type { TPoliticalCapitalTransaction, TTransactionListQuery } from '@civic/contracts';
import type { LedgerContext } from '../context.ts';

interface EntryRow {
  id: string;
  description: string;
  amount: number;
  createdAt: Date;
}

export async function listTransactions(ctx: LedgerContext, userId: string, query: TTransactionListQuery): Promise<TPoliticalCapitalTransaction[]> {
  const entries = await ctx.db.query<EntryRow>(
    `SELECT id, description, amount, created_at AS "createdAt"
     FROM ledger.entries WHERE user_id = $1::uuid ORDER BY version DESC LIMIT $2::int OFFSET $3::bigint`,
    [userId, query.limit, query.offset],
  );
  return entries.map((e) => ({ id: e.id, description: e.description, amount: e.amount, createdAt: e.createdAt.toISOString() }));
}
