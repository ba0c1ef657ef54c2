// The ledger's part of account erasure (civic.account.user.deleted), in the consumer's transaction:
// the tombstone first (the append-only trigger lets an entry be deleted only when its account has
// one), then the reward reversals, the entries (by ledger.erase_entries, which runs as the tables' owner), the cancelled
// debit keys and the account. The exclusive per-user lock waits for any posting in flight
// (data-rights/erasure-guard.ts); a posting that comes later sees the tombstone and records nothing, so
// later credits for the user are ignored. No event: auth erases its copy of the balance with the user.
// A redelivery finds nothing left and changes nothing.
import type { SqlExecutor } from '@civic/service-kit/events';
import { ledgerErasureGuard } from './erasure-guard.ts';

export async function eraseUser(tx: SqlExecutor, userId: string, deletedAt: string): Promise<void> {
  await ledgerErasureGuard.lockExclusive(tx, userId);
  await ledgerErasureGuard.markDeleted(tx, userId, deletedAt);
  // Reversals first: they refer to the entries.
  await tx.$executeRawUnsafe('DELETE FROM ledger.reward_reversals WHERE user_id = $1::uuid', userId);
  // Through the owner's function: the service's role has no DELETE on entries (append-only by privilege).
  await tx.$queryRawUnsafe('SELECT ledger.erase_entries($1::uuid)', userId);
  await tx.$executeRawUnsafe('DELETE FROM ledger.cancelled_debits WHERE user_id = $1::uuid', userId);
  await tx.$executeRawUnsafe('DELETE FROM ledger.accounts WHERE user_id = $1::uuid', userId);
}
