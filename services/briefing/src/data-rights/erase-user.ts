// briefing's part of account erasure (civic.account.user.deleted), in the consumer's transaction: the
// user's documents and member row go, and the id is remembered so a late event or a racing request
// records nothing. No civic.briefing.document.deleted is published for them: each consumer erases
// the user on the same account event (the ledger keeps its entries, social drops the activities).
// A redelivery finds nothing left and changes nothing.
import type { SqlDriver } from '@civic/service-kit/db';
import { briefingErasureGuard } from './erasure-guard.ts';

export async function eraseUser(tx: SqlDriver, userId: string, deletedAt: string): Promise<void> {
  // Waits for the creations under way; later ones see the tombstone (erasure-guard.ts).
  await briefingErasureGuard.lockExclusive(tx, userId);
  await tx.execute('DELETE FROM briefing.documents WHERE author_id = $1::uuid', [userId]);
  await tx.execute('DELETE FROM briefing.members WHERE user_id = $1::uuid', [userId]);
  await tx.execute('DELETE FROM briefing.daily_document_counts WHERE user_id = $1::uuid', [userId]);
  await briefingErasureGuard.markDeleted(tx, userId, deletedAt);
}
