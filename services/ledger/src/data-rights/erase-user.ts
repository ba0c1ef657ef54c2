// The ledger's part of account erasure (civic.account.user.deleted; docs/ledger.md "Erasure and
// export"), in the consumer's transaction. The tombstone comes first: the append-only trigger lets an
// entry be deleted only when its account has one. No event: auth erases its copy of the balance with
// the user. A redelivery finds nothing left.
import type { SqlDriver } from '@civic/service-kit/db';
import { ledgerErasureGuard } from './erasure-guard.ts';

export async function eraseUser(tx: SqlDriver, userId: string, deletedAt: string): Promise<void> {
  await ledgerErasureGuard.lockExclusive(tx, userId);
  await ledgerErasureGuard.markDeleted(tx, userId, deletedAt);
  // Reversals first: they refer to the entries.
  await tx.execute('DELETE FROM ledger.reward_reversals WHERE user_id = $1::uuid', [userId]);
  // Through the owner's function: the service's role has no DELETE on entries (append-only by privilege).
  await tx.query('SELECT ledger.erase_entries($1::uuid)', [userId]);
  await tx.execute('DELETE FROM ledger.cancelled_debits WHERE user_id = $1::uuid', [userId]);
  await tx.execute('DELETE FROM ledger.accounts WHERE user_id = $1::uuid', [userId]);
}
