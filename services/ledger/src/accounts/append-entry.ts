// Appends one entry to a locked account and moves its balance and version with it, in the caller's
// transaction, together with the civic.ledger.balance.changed event (SECURITY 19). This is the only
// code that changes a balance: every balance is therefore the sum of its account's entries.
import { randomUUID } from 'node:crypto';
import type { TLedgerEntryKind } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { emitBalanceChanged } from '../events.ts';
import type { LockedAccount } from './lock-account.ts';

export interface NewEntry {
  /** Positive for a credit, negative for a debit. */
  amount: number;
  kind: TLedgerEntryKind;
  description: string;
  idempotencyKey?: string | null;
  eventId?: string | null;
  reference?: string | null;
  at: Date;
}

export interface AppendedEntry {
  id: string;
  amount: number;
  balance: number;
  version: number;
}

/** `account` must have been locked in this transaction by lockAccount; it is updated in place. */
export async function appendEntry(tx: SqlDriver, account: LockedAccount, entry: NewEntry): Promise<AppendedEntry> {
  const id = randomUUID();
  const balance = account.balance + entry.amount;
  const version = account.version + 1;
  await tx.execute(
    `INSERT INTO ledger.entries (id, user_id, amount, kind, description, version, balance_after, idempotency_key, event_id, reference, created_at)
     VALUES ($1::uuid, $2::uuid, $3::int, $4, $5, $6::int, $7::int, $8, $9::uuid, $10, $11::timestamptz)`,
    [
      id,
      account.userId,
      entry.amount,
      entry.kind,
      entry.description,
      version,
      balance,
      entry.idempotencyKey ?? null,
      entry.eventId ?? null,
      entry.reference ?? null,
      entry.at.toISOString(),
    ],
  );
  // Relative, not absolute: if the account were somehow not locked, the figures would disagree and
  // the transaction would fail rather than lose a concurrent entry. The CHECK (balance >= 0) refuses
  // what the callers' own checks would have missed.
  const [moved] = await tx.query<{ balance: number; version: number }>(
    'UPDATE ledger.accounts SET balance = balance + $2::int, version = version + 1 WHERE user_id = $1::uuid RETURNING balance, version',
    [account.userId, entry.amount],
  );
  if (moved?.balance !== balance || moved.version !== version) throw new Error(`account ${account.userId} moved while it was locked`);
  await emitBalanceChanged(tx, {
    userId: account.userId,
    balance,
    version,
    entryId: id,
    amount: entry.amount,
    kind: entry.kind,
    changedAt: entry.at.toISOString(),
  });
  account.balance = balance;
  account.version = version;
  return { id, amount: entry.amount, balance, version };
}
