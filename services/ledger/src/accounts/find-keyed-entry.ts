// Looks up what a key has already done on a locked account: a debit key's debit, refund or
// cancellation, a day's daily-login bonus. Read after the account lock, so a concurrent request with
// the same key has either committed (and is seen here) or not started its own checks yet.
import type { SqlDriver } from '@civic/service-kit/db';

export interface KeyedEntry {
  id: string;
  amount: number;
  description: string;
  reference: string | null;
  balanceAfter: number;
}

export async function findKeyedEntry(tx: SqlDriver, userId: string, kind: 'debit' | 'refund' | 'daily_login', key: string): Promise<KeyedEntry | null> {
  const [row] = await tx.query<{ id: string; amount: number; description: string; reference: string | null; balance_after: number }>(
    `SELECT id, amount, description, reference, balance_after FROM ledger.entries
     WHERE user_id = $1::uuid AND kind = $2 AND idempotency_key = $3`,
    [userId, kind, key],
  );
  return row ? { id: row.id, amount: row.amount, description: row.description, reference: row.reference, balanceAfter: row.balance_after } : null;
}

export async function isCancelled(tx: SqlDriver, userId: string, key: string): Promise<boolean> {
  const rows = await tx.query<unknown>('SELECT 1 FROM ledger.cancelled_debits WHERE user_id = $1::uuid AND idempotency_key = $2', [userId, key]);
  return rows.length > 0;
}
