// The first step of every posting: take the user's account for this transaction. The account row is
// created at first use (a debit or a bonus may come before the registration event's credit) and
// locked, so postings to one account run one at a time: each reads the balance, checks its key and
// appends its entry while no other can (100 concurrent debits of one account queue here).
import type { SqlDriver } from '@civic/service-kit/db';
import { ledgerErasureGuard } from '../data-rights/erasure-guard.ts';

export interface LockedAccount {
  userId: string;
  balance: number;
  version: number;
  /** What reversed rewards still owe (SECURITY 30): taken from the next earnings (accounts/owed.ts). */
  owed: number;
}

/** The locked account, or null when the account was erased (nothing may be posted to it). */
export async function lockAccount(tx: SqlDriver, userId: string, at: Date): Promise<LockedAccount | null> {
  if (await ledgerErasureGuard.isDeletedUser(tx, userId)) return null;
  // One statement creates the row if it is missing and locks it either way (the no-op update takes
  // the row lock, as SELECT ... FOR UPDATE would, and returns the committed balance).
  const [row] = await tx.query<{ balance: number; version: number; owed: number }>(
    `INSERT INTO ledger.accounts AS a (user_id, balance, version, opened_at) VALUES ($1::uuid, 0, 0, $2::timestamptz)
     ON CONFLICT (user_id) DO UPDATE SET user_id = a.user_id
     RETURNING a.balance, a.version, a.owed`,
    [userId, at.toISOString()],
  );
  return { userId, balance: row!.balance, version: row!.version, owed: row!.owed };
}
