// What a reversed reward could not take (the balance never goes below 0, SECURITY 15) is owed by the
// account and taken from its next earnings (SECURITY 30, docs/ledger.md "Claw-back"). owed lives on
// the account row, moved only here, under the account's lock; the repayment is an entry of its own,
// so the balance stays the sum of the entries (SECURITY 16).
import { LEDGER_DESCRIPTIONS } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { type AppendedEntry, appendEntry } from './append-entry.ts';
import type { LockedAccount } from './lock-account.ts';

/** Adds `change` (positive: a new debt; negative: a repayment) to the locked account's owed. */
export async function moveOwed(tx: SqlDriver, account: LockedAccount, change: number): Promise<void> {
  // Relative, as the balance: if the account were not locked the figures would disagree; the
  // CHECK (owed >= 0) refuses a repayment of more than is owed.
  const [moved] = await tx.query<{ owed: number }>('UPDATE ledger.accounts SET owed = owed + $2::int WHERE user_id = $1::uuid RETURNING owed', [
    account.userId,
    change,
  ]);
  if (moved?.owed !== account.owed + change) throw new Error(`account ${account.userId} moved while it was locked`);
  account.owed = moved.owed;
}

/**
 * Right after an earning credited the locked account: takes what it owes, up to the credit, in an
 * owed_repaid entry keyed by the credit's entry (one repayment per credit). Nothing owed: nothing.
 */
export async function repayOwed(tx: SqlDriver, account: LockedAccount, credit: AppendedEntry, at: Date): Promise<void> {
  const repaid = Math.min(account.owed, credit.amount);
  if (repaid <= 0) return;
  await appendEntry(tx, account, {
    amount: -repaid,
    kind: 'owed_repaid',
    description: LEDGER_DESCRIPTIONS.owed_repaid,
    idempotencyKey: credit.id,
    at,
  });
  await moveOwed(tx, account, -repaid);
}
